CREATE TABLE "card_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_number" text NOT NULL,
	"name" text NOT NULL,
	"business_name" text,
	"slug" text NOT NULL,
	"password_hash" text NOT NULL,
	"bio" text,
	"contact_email" text,
	"contact_phone" text,
	"profile_image_url" text,
	"is_sold" boolean DEFAULT false NOT NULL,
	"shop_id" uuid,
	"owner_user_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_pages_cardNumber_unique" UNIQUE("card_number"),
	CONSTRAINT "card_pages_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "card_views_daily" (
	"card_page_id" uuid NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "card_views_daily_card_page_id_day_source_pk" PRIMARY KEY("card_page_id","day","source")
);
--> statement-breakpoint
CREATE TABLE "link_clicks_daily" (
	"link_id" uuid NOT NULL,
	"card_page_id" uuid NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "link_clicks_daily_link_id_day_source_pk" PRIMARY KEY("link_id","day","source")
);
--> statement-breakpoint
CREATE TABLE "page_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_page_id" uuid NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"icon" text DEFAULT 'globe' NOT NULL,
	"sort_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"location" text,
	"contact_email" text,
	"contact_phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_pages" ADD CONSTRAINT "card_pages_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_pages" ADD CONSTRAINT "card_pages_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_views_daily" ADD CONSTRAINT "card_views_daily_card_page_id_card_pages_id_fk" FOREIGN KEY ("card_page_id") REFERENCES "public"."card_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_clicks_daily" ADD CONSTRAINT "link_clicks_daily_link_id_page_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."page_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_clicks_daily" ADD CONSTRAINT "link_clicks_daily_card_page_id_card_pages_id_fk" FOREIGN KEY ("card_page_id") REFERENCES "public"."card_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_links" ADD CONSTRAINT "page_links_card_page_id_card_pages_id_fk" FOREIGN KEY ("card_page_id") REFERENCES "public"."card_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_pages_created_at_index" ON "card_pages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "card_pages_shop_id_index" ON "card_pages" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "card_pages_name_search_idx" ON "card_pages" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "link_clicks_daily_card_page_id_index" ON "link_clicks_daily" USING btree ("card_page_id");--> statement-breakpoint
CREATE INDEX "page_links_card_page_id_sort_order_index" ON "page_links" USING btree ("card_page_id","sort_order");--> statement-breakpoint
CREATE INDEX "shops_name_index" ON "shops" USING btree ("name");