CREATE TABLE "card_page_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"card_page_id" uuid NOT NULL,
	"physical_card_id" uuid,
	"action" text NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "physical_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_page_id" uuid NOT NULL,
	"token" text NOT NULL,
	"state" text DEFAULT 'to_write' NOT NULL,
	"order_item_id" uuid,
	"replaces_id" uuid,
	"replaces_older_cards" boolean DEFAULT false NOT NULL,
	"written_at" timestamp with time zone,
	"turned_off_at" timestamp with time zone,
	"off_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "physical_cards_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "card_pages" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_pages" ADD COLUMN "older_cards_off_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_page_events" ADD CONSTRAINT "card_page_events_card_page_id_card_pages_id_fk" FOREIGN KEY ("card_page_id") REFERENCES "public"."card_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_page_events" ADD CONSTRAINT "card_page_events_physical_card_id_physical_cards_id_fk" FOREIGN KEY ("physical_card_id") REFERENCES "public"."physical_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_page_events" ADD CONSTRAINT "card_page_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physical_cards" ADD CONSTRAINT "physical_cards_card_page_id_card_pages_id_fk" FOREIGN KEY ("card_page_id") REFERENCES "public"."card_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physical_cards" ADD CONSTRAINT "physical_cards_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physical_cards" ADD CONSTRAINT "physical_cards_replaces_id_physical_cards_id_fk" FOREIGN KEY ("replaces_id") REFERENCES "public"."physical_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_page_events_card_page_id_created_at_index" ON "card_page_events" USING btree ("card_page_id","created_at");--> statement-breakpoint
CREATE INDEX "physical_cards_card_page_id_index" ON "physical_cards" USING btree ("card_page_id");--> statement-breakpoint
CREATE INDEX "physical_cards_state_created_at_index" ON "physical_cards" USING btree ("state","created_at");