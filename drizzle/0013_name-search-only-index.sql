DROP INDEX "card_pages_name_search_idx";--> statement-breakpoint
CREATE INDEX "card_pages_name_search_idx" ON "card_pages" USING btree (lower("name") text_pattern_ops,"created_at","id","name");