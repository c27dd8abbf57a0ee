ALTER TABLE "tests" ADD COLUMN "device_type_code" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "tests" t SET "device_type_code" = d."type_code" FROM "devices" d WHERE d."id" = t."device_id";--> statement-breakpoint
-- A test carries its device's type code (schema.ts tests.deviceTypeCode): set from the device as the
-- test is written, whatever the statement gave.
CREATE FUNCTION test_device_type() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.device_type_code := (SELECT type_code FROM devices WHERE id = NEW.device_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER tests_device_type BEFORE INSERT OR UPDATE OF device_id, device_type_code ON "tests" FOR EACH ROW EXECUTE FUNCTION test_device_type();--> statement-breakpoint
-- A device whose type changes: its tests follow.
CREATE FUNCTION device_tests_type() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tests SET device_type_code = NEW.type_code WHERE device_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER devices_tests_type AFTER UPDATE OF type_code ON "devices" FOR EACH ROW WHEN (OLD.type_code IS DISTINCT FROM NEW.type_code) EXECUTE FUNCTION device_tests_type();--> statement-breakpoint
CREATE INDEX "tests_live_device_type_date_idx" ON "tests" USING btree ("device_type_code","date","id") WHERE "tests"."deleted_at" is null;
