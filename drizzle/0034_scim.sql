CREATE TABLE "scim_connection_bindings" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"connection_key" text NOT NULL,
	"provisioning_domain_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decommissioned_at" timestamp with time zone,
	"decommission_status" text NOT NULL,
	"decommission_cursor_user_id" text,
	"decommission_reconciled_user_count" integer NOT NULL,
	"decommission_batch_count" integer NOT NULL,
	"decommission_revision" integer NOT NULL,
	"decommission_completed_at" timestamp with time zone,
	"decommission_lease_id" text,
	"decommission_lease_expires_at" timestamp with time zone,
	CONSTRAINT "scim_connection_bindings_connectionKey_unique" UNIQUE("connection_key")
);
--> statement-breakpoint
CREATE TABLE "scim_group_members" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"group_id" text NOT NULL,
	"scim_user_id" text NOT NULL,
	"membership_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "scim_group_members_membershipKey_unique" UNIQUE("membership_key")
);
--> statement-breakpoint
CREATE TABLE "scim_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"provisioning_domain_id" text NOT NULL,
	"revision" integer NOT NULL,
	"display_name" text NOT NULL,
	"display_name_key" text NOT NULL,
	"external_id" text,
	"external_id_key" text,
	"order_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "scim_groups_displayNameKey_unique" UNIQUE("display_name_key"),
	CONSTRAINT "scim_groups_externalIdKey_unique" UNIQUE("external_id_key"),
	CONSTRAINT "scim_groups_orderKey_unique" UNIQUE("order_key")
);
--> statement-breakpoint
CREATE TABLE "scim_identity_tombstones" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"provisioning_domain_id" text NOT NULL,
	"external_id" text NOT NULL,
	"external_id_key" text NOT NULL,
	"user_id" text NOT NULL,
	"profile" text NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "scim_identity_tombstones_externalIdKey_unique" UNIQUE("external_id_key")
);
--> statement-breakpoint
CREATE TABLE "scim_managed_connection_events" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_record_id" text NOT NULL,
	"event_key" text NOT NULL,
	"sequence" integer NOT NULL,
	"type" text NOT NULL,
	"actor_id" text NOT NULL,
	"credential_id" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "scim_managed_connection_events_eventKey_unique" UNIQUE("event_key")
);
--> statement-breakpoint
CREATE TABLE "scim_managed_connections" (
	"id" text PRIMARY KEY NOT NULL,
	"creation_request_id" text NOT NULL,
	"connection_id" text NOT NULL,
	"provisioning_domain_id" text NOT NULL,
	"status" text NOT NULL,
	"revision" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	"decommission_started_at" timestamp with time zone,
	"decommission_started_by" text,
	"decommissioned_at" timestamp with time zone,
	"decommissioned_by" text,
	CONSTRAINT "scim_managed_connections_creationRequestId_unique" UNIQUE("creation_request_id"),
	CONSTRAINT "scim_managed_connections_connectionId_unique" UNIQUE("connection_id")
);
--> statement-breakpoint
CREATE TABLE "scim_managed_credentials" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_record_id" text NOT NULL,
	"credential_id" text NOT NULL,
	"token_digest" text NOT NULL,
	"hash_version" text NOT NULL,
	"active_slot_key" text NOT NULL,
	"status" text NOT NULL,
	"serialized_scopes" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	"decommissioned_at" timestamp with time zone,
	CONSTRAINT "scim_managed_credentials_credentialId_unique" UNIQUE("credential_id"),
	CONSTRAINT "scim_managed_credentials_activeSlotKey_unique" UNIQUE("active_slot_key")
);
--> statement-breakpoint
CREATE TABLE "scim_projection_grants" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"provisioning_domain_id" text NOT NULL,
	"scim_user_id" text NOT NULL,
	"user_id" text NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" text NOT NULL,
	"source_value" text,
	"role" text NOT NULL,
	"grant_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "scim_projection_grants_grantKey_unique" UNIQUE("grant_key")
);
--> statement-breakpoint
CREATE TABLE "scim_subjects" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"profile_source_id" text,
	"revision" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "scim_subjects_userId_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "scim_users" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"provisioning_domain_id" text NOT NULL,
	"user_id" text NOT NULL,
	"connection_user_key" text NOT NULL,
	"user_name" text NOT NULL,
	"user_name_key" text NOT NULL,
	"primary_email" text NOT NULL,
	"work_email_value_index" text NOT NULL,
	"email_value_index" text NOT NULL,
	"display_name" text NOT NULL,
	"formatted_name" text NOT NULL,
	"given_name" text,
	"family_name" text,
	"serialized_emails" text NOT NULL,
	"serialized_attributes" text,
	"external_id" text,
	"external_id_key" text,
	"active" boolean NOT NULL,
	"order_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "scim_users_connectionUserKey_unique" UNIQUE("connection_user_key"),
	CONSTRAINT "scim_users_userNameKey_unique" UNIQUE("user_name_key"),
	CONSTRAINT "scim_users_externalIdKey_unique" UNIQUE("external_id_key"),
	CONSTRAINT "scim_users_orderKey_unique" UNIQUE("order_key")
);
--> statement-breakpoint
ALTER TABLE "scim_group_members" ADD CONSTRAINT "scim_group_members_group_id_scim_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."scim_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_group_members" ADD CONSTRAINT "scim_group_members_scim_user_id_scim_users_id_fk" FOREIGN KEY ("scim_user_id") REFERENCES "public"."scim_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_identity_tombstones" ADD CONSTRAINT "scim_identity_tombstones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_managed_connection_events" ADD CONSTRAINT "scim_managed_connection_events_connection_record_id_scim_managed_connections_id_fk" FOREIGN KEY ("connection_record_id") REFERENCES "public"."scim_managed_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_managed_credentials" ADD CONSTRAINT "scim_managed_credentials_connection_record_id_scim_managed_connections_id_fk" FOREIGN KEY ("connection_record_id") REFERENCES "public"."scim_managed_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_projection_grants" ADD CONSTRAINT "scim_projection_grants_scim_user_id_scim_users_id_fk" FOREIGN KEY ("scim_user_id") REFERENCES "public"."scim_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_projection_grants" ADD CONSTRAINT "scim_projection_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_subjects" ADD CONSTRAINT "scim_subjects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_users" ADD CONSTRAINT "scim_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scim_connection_bindings_connection_id_index" ON "scim_connection_bindings" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "scim_group_members_connection_id_index" ON "scim_group_members" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "scim_group_members_group_id_index" ON "scim_group_members" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "scim_group_members_scim_user_id_index" ON "scim_group_members" USING btree ("scim_user_id");--> statement-breakpoint
CREATE INDEX "scim_groups_connection_id_index" ON "scim_groups" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "scim_groups_provisioning_domain_id_index" ON "scim_groups" USING btree ("provisioning_domain_id");--> statement-breakpoint
CREATE INDEX "scim_identity_tombstones_connection_id_index" ON "scim_identity_tombstones" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "scim_identity_tombstones_provisioning_domain_id_index" ON "scim_identity_tombstones" USING btree ("provisioning_domain_id");--> statement-breakpoint
CREATE INDEX "scim_identity_tombstones_user_id_index" ON "scim_identity_tombstones" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "scim_managed_connection_events_connection_record_id_index" ON "scim_managed_connection_events" USING btree ("connection_record_id");--> statement-breakpoint
CREATE INDEX "scim_managed_connections_provisioning_domain_id_index" ON "scim_managed_connections" USING btree ("provisioning_domain_id");--> statement-breakpoint
CREATE INDEX "scim_managed_credentials_connection_record_id_index" ON "scim_managed_credentials" USING btree ("connection_record_id");--> statement-breakpoint
CREATE INDEX "scim_projection_grants_connection_id_index" ON "scim_projection_grants" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "scim_projection_grants_provisioning_domain_id_index" ON "scim_projection_grants" USING btree ("provisioning_domain_id");--> statement-breakpoint
CREATE INDEX "scim_projection_grants_scim_user_id_index" ON "scim_projection_grants" USING btree ("scim_user_id");--> statement-breakpoint
CREATE INDEX "scim_projection_grants_user_id_index" ON "scim_projection_grants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "scim_subjects_profile_source_id_index" ON "scim_subjects" USING btree ("profile_source_id");--> statement-breakpoint
CREATE INDEX "scim_users_connection_id_index" ON "scim_users" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "scim_users_provisioning_domain_id_index" ON "scim_users" USING btree ("provisioning_domain_id");--> statement-breakpoint
CREATE INDEX "scim_users_user_id_index" ON "scim_users" USING btree ("user_id");