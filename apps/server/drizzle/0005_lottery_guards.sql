-- A period's draw material is fixed when the row is created: the seed, its commitment, the
-- period number and times never change, an open code once written never changes, and a drawn
-- or cancelled period never returns to an earlier state. No code path can pick or alter a draw.
CREATE OR REPLACE FUNCTION lottery_periods_guard() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'lottery periods are never deleted';
  END IF;
  IF NEW.seed IS DISTINCT FROM OLD.seed
     OR NEW.commitment IS DISTINCT FROM OLD.commitment
     OR NEW.lottery_code IS DISTINCT FROM OLD.lottery_code
     OR NEW.number IS DISTINCT FROM OLD.number
     OR NEW.open_at IS DISTINCT FROM OLD.open_at
     OR NEW.close_at IS DISTINCT FROM OLD.close_at
     OR NEW.draw_at IS DISTINCT FROM OLD.draw_at THEN
    RAISE EXCEPTION 'the draw material of a lottery period is immutable';
  END IF;
  IF OLD.open_code IS NOT NULL AND NEW.open_code IS DISTINCT FROM OLD.open_code THEN
    RAISE EXCEPTION 'an open code is written once';
  END IF;
  IF OLD.status IN ('drawn', 'cancelled') AND NEW.status IS DISTINCT FROM OLD.status THEN
    RAISE EXCEPTION 'a drawn or cancelled period is final';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER lottery_periods_guard BEFORE UPDATE OR DELETE ON lottery_periods
  FOR EACH ROW EXECUTE FUNCTION lottery_periods_guard();
