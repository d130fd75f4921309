CREATE TABLE "one_link_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_number" text NOT NULL,
	"order_item_id" uuid NOT NULL,
	"unit" integer NOT NULL,
	"owner_user_id" text,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"written_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "one_link_cards_cardNumber_unique" UNIQUE("card_number"),
	CONSTRAINT "one_link_cards_orderItemId_unit_unique" UNIQUE("order_item_id","unit")
);
--> statement-breakpoint
ALTER TABLE "order_item_card_pages" ADD COLUMN "written_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "posted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "one_link_cards" ADD CONSTRAINT "one_link_cards_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_link_cards" ADD CONSTRAINT "one_link_cards_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "one_link_cards_owner_user_id_index" ON "one_link_cards" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "one_link_cards_created_at_id_index" ON "one_link_cards" USING btree ("created_at","id");