CREATE INDEX "card_views_daily_day_index" ON "card_views_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "orders_user_id_index" ON "orders" USING btree ("user_id");