ALTER TABLE "card_pages" ADD COLUMN "paused_by" text;--> statement-breakpoint
ALTER TABLE "card_pages" ADD COLUMN "older_cards_off_by" text;--> statement-breakpoint
ALTER TABLE "exchanged_contacts" ADD COLUMN "held_for_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "physical_cards" ADD COLUMN "turned_off_by" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "consecutive_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "backed_off_until" timestamp with time zone;