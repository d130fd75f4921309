DROP INDEX "card_pages_created_at_index";--> statement-breakpoint
DROP INDEX "orders_created_at_index";--> statement-breakpoint
DROP INDEX "referral_commissions_referrer_user_id_index";--> statement-breakpoint
DROP INDEX "referral_payouts_referrer_user_id_index";--> statement-breakpoint
CREATE INDEX "card_pages_created_at_id_index" ON "card_pages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "card_pages_card_number_search_idx" ON "card_pages" USING btree (lower("card_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "card_pages_slug_search_idx" ON "card_pages" USING btree ("slug" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "order_status_history_paid_after_cancellation_idx" ON "order_status_history" USING btree ("order_id") WHERE "order_status_history"."from_status" = 'cancelled' and "order_status_history"."to_status" = 'paid';--> statement-breakpoint
CREATE INDEX "orders_created_at_id_index" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_number_search_idx" ON "orders" USING btree (lower("order_number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_email_search_idx" ON "orders" USING btree (lower("customer_email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_name_search_idx" ON "orders" USING btree (lower("customer_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "referral_commissions_referrer_user_id_created_at_id_index" ON "referral_commissions" USING btree ("referrer_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "referral_payouts_referrer_user_id_created_at_index" ON "referral_payouts" USING btree ("referrer_user_id","created_at");