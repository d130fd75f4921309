CREATE TABLE "email_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"old_email" text NOT NULL,
	"new_email" text NOT NULL,
	"confirm_token_hash" text NOT NULL,
	"stop_token_hash" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_changes_confirmTokenHash_unique" UNIQUE("confirm_token_hash"),
	CONSTRAINT "email_changes_stopTokenHash_unique" UNIQUE("stop_token_hash")
);
--> statement-breakpoint
ALTER TABLE "referral_commissions" DROP CONSTRAINT "referral_commissions_referrer_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "referral_payouts" DROP CONSTRAINT "referral_payouts_referrer_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "referral_commissions" ALTER COLUMN "referrer_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_payouts" ALTER COLUMN "referrer_user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_changes_user_id_index" ON "email_changes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "email_changes_created_at_index" ON "email_changes" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "referral_commissions" ADD CONSTRAINT "referral_commissions_referrer_user_id_users_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD CONSTRAINT "referral_payouts_referrer_user_id_users_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;