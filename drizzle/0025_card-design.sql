ALTER TABLE "card_pages" ADD COLUMN "design" jsonb;--> statement-breakpoint
ALTER TABLE "page_links" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;