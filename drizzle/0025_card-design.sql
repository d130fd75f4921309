ALTER TABLE "card_pages" ADD COLUMN "design" jsonb;--> statement-breakpoint
ALTER TABLE "card_pages" ADD COLUMN "cover_image_url" text;--> statement-breakpoint
ALTER TABLE "card_pages" ADD COLUMN "logo_image_url" text;--> statement-breakpoint
ALTER TABLE "page_links" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;