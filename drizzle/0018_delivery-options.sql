ALTER TABLE "carts" ADD COLUMN "delivery_option" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_option" text;