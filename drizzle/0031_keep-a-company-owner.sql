-- A company with people in it keeps an owner, even when two owners demote, remove or let go of each other at the
-- same moment: a change that takes away an owner locks the company's row first (so such changes take turns),
-- then looks again at who is left. The organization plugin's own check reads without a lock; this one cannot be
-- raced. A company's last person may go (their account deleted): nobody is left to need an owner.
CREATE FUNCTION keep_a_company_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.role = 'owner' AND (TG_OP = 'DELETE' OR NEW.role <> 'owner') THEN
    PERFORM 1 FROM organizations WHERE id = OLD.organization_id FOR UPDATE;
    IF EXISTS (SELECT 1 FROM members WHERE organization_id = OLD.organization_id AND id <> OLD.id)
       AND NOT EXISTS (
         SELECT 1 FROM members WHERE organization_id = OLD.organization_id AND id <> OLD.id AND role = 'owner'
       ) THEN
      RAISE EXCEPTION 'A company needs an owner' USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER members_keep_a_company_owner
  BEFORE UPDATE OF role OR DELETE ON members
  FOR EACH ROW EXECUTE FUNCTION keep_a_company_owner();
