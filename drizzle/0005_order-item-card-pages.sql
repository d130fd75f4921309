CREATE TABLE "order_item_card_pages" (
	"order_item_id" uuid NOT NULL,
	"unit" integer NOT NULL,
	"card_page_id" uuid NOT NULL,
	CONSTRAINT "order_item_card_pages_order_item_id_unit_pk" PRIMARY KEY("order_item_id","unit"),
	CONSTRAINT "order_item_card_pages_cardPageId_unique" UNIQUE("card_page_id")
);
--> statement-breakpoint
ALTER TABLE "order_item_card_pages" ADD CONSTRAINT "order_item_card_pages_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_card_pages" ADD CONSTRAINT "order_item_card_pages_card_page_id_card_pages_id_fk" FOREIGN KEY ("card_page_id") REFERENCES "public"."card_pages"("id") ON DELETE cascade ON UPDATE no action;