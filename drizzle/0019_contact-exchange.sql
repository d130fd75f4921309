CREATE TABLE "exchanged_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" text NOT NULL,
	"card_page_id" uuid,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"company" text,
	"job_title" text,
	"note" text,
	"source" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"prospect_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_pages" ADD COLUMN "contact_exchange" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_preferences" ADD COLUMN "new_contact_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "exchanged_contacts" ADD CONSTRAINT "exchanged_contacts_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanged_contacts" ADD CONSTRAINT "exchanged_contacts_card_page_id_card_pages_id_fk" FOREIGN KEY ("card_page_id") REFERENCES "public"."card_pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanged_contacts" ADD CONSTRAINT "exchanged_contacts_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchanged_contacts_owner_user_id_created_at_index" ON "exchanged_contacts" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "exchanged_contacts_card_page_id_created_at_index" ON "exchanged_contacts" USING btree ("card_page_id","created_at");