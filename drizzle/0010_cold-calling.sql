CREATE TABLE "business_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"order_item_id" uuid,
	"business_type" text NOT NULL,
	"list_name" text NOT NULL,
	"price" integer NOT NULL,
	"business_count" integer NOT NULL,
	"purchased_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_lists_orderItemId_unique" UNIQUE("order_item_id")
);
--> statement-breakpoint
CREATE TABLE "business_types" (
	"id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_type" text NOT NULL,
	"business_name" text NOT NULL,
	"contact_name" text,
	"phone" text NOT NULL,
	"email" text,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prospect_activities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"prospect_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prospects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"list_id" uuid,
	"lead_id" uuid,
	"business_name" text NOT NULL,
	"contact_name" text,
	"phone" text,
	"email" text,
	"address" text,
	"business_type" text NOT NULL,
	"status" text DEFAULT 'not_contacted' NOT NULL,
	"last_contact_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_lists" ADD CONSTRAINT "business_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_lists" ADD CONSTRAINT "business_lists_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_lists" ADD CONSTRAINT "business_lists_business_type_business_types_id_fk" FOREIGN KEY ("business_type") REFERENCES "public"."business_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_business_type_business_types_id_fk" FOREIGN KEY ("business_type") REFERENCES "public"."business_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_activities" ADD CONSTRAINT "prospect_activities_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_activities" ADD CONSTRAINT "prospect_activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_list_id_business_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."business_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_lists_user_id_purchased_at_index" ON "business_lists" USING btree ("user_id","purchased_at");--> statement-breakpoint
CREATE INDEX "leads_business_type_created_at_index" ON "leads" USING btree ("business_type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_business_unique" ON "leads" USING btree ("business_type",lower("business_name"),"phone");--> statement-breakpoint
CREATE INDEX "prospect_activities_user_id_created_at_index" ON "prospect_activities" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "prospect_activities_prospect_id_created_at_index" ON "prospect_activities" USING btree ("prospect_id","created_at");--> statement-breakpoint
CREATE INDEX "prospects_user_id_status_index" ON "prospects" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "prospects_user_id_created_at_index" ON "prospects" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "prospects_user_lead_unique" ON "prospects" USING btree ("user_id","lead_id");--> statement-breakpoint
INSERT INTO "business_types" ("id", "label") VALUES ('restaurant', 'Restaurants'), ('barbershop', 'Barbershops'), ('salon', 'Hair Salons'), ('retail', 'Retail Stores') ON CONFLICT DO NOTHING;
