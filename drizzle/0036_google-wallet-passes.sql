CREATE TABLE "google_wallet_passes" (
	"card_page_id" uuid PRIMARY KEY NOT NULL,
	"pushed_version" integer NOT NULL,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
