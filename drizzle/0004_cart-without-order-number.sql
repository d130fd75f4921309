ALTER TABLE "carts" DROP CONSTRAINT "carts_orderReference_unique";--> statement-breakpoint
ALTER TABLE "carts" DROP CONSTRAINT "carts_order_reference_order_numbers_number_fk";
--> statement-breakpoint
CREATE INDEX "card_pages_profile_image_url_index" ON "card_pages" USING btree ("profile_image_url");--> statement-breakpoint
CREATE INDEX "cart_items_image_url_idx" ON "cart_items" USING btree (("details"->>'imageUrl')) WHERE "cart_items"."kind" = 'update-request';--> statement-breakpoint
CREATE INDEX "carts_updated_at_index" ON "carts" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "order_items_image_url_idx" ON "order_items" USING btree (("details"->>'imageUrl')) WHERE "order_items"."kind" = 'update-request';--> statement-breakpoint
ALTER TABLE "carts" DROP COLUMN "order_reference";--> statement-breakpoint
-- Numbers that were reserved for carts and never became orders go back to the pool: a cart has no number now.
DELETE FROM "order_numbers" WHERE NOT EXISTS (SELECT 1 FROM "orders" WHERE "orders"."order_number" = "order_numbers"."number");
