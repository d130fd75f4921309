CREATE TABLE "apple_wallet_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_library_id" text NOT NULL,
	"push_token" text NOT NULL,
	"card_page_id" uuid NOT NULL,
	"pushed_version" integer NOT NULL,
	"void_pushed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "apple_wallet_registrations_device_library_id_card_page_id_index" ON "apple_wallet_registrations" USING btree ("device_library_id","card_page_id");--> statement-breakpoint
CREATE INDEX "apple_wallet_registrations_card_page_id_index" ON "apple_wallet_registrations" USING btree ("card_page_id");