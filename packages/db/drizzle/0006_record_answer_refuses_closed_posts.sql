-- recall_record_answer (0005) also refuses an answer to a daily post that is closed (or unknown),
-- raising SQLSTATE RC410, so the bot need not read the post again before every answer.
CREATE OR REPLACE FUNCTION recall_record_answer(input jsonb, points jsonb)
RETURNS TABLE (answer_id bigint, created_at text)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
  member integer := (input->>'memberId')::integer;
  item text := input->>'itemId';
  post integer := (input->>'quizPostId')::integer;
  source text := input->>'source';
  score float8 := (input->>'score')::float8;
  local_day date := (input->>'localDate')::date;
  review jsonb := input->'reviewLog';
  before jsonb := input->'reviewLog'->'before';
  after jsonb := input->'reviewLog'->'after';
  card jsonb := input->'card';
  reviewed_at timestamptz := (input->'reviewLog'->>'reviewedAt')::timestamptz;
  new_id bigint;
  new_created timestamptz;
  quiz_score float8 := CASE WHEN source = 'daily' THEN score ELSE 0 END;
  review_score float8 := CASE WHEN source = 'daily' THEN 0 ELSE score END;
  quiz_answers integer := CASE WHEN source = 'daily' THEN 1 ELSE 0 END;
  day_inserted boolean;
  day_review_score float8;
  day_streak integer;
BEGIN
  -- An answer to a daily post is taken only while the post is open. Checked here, in the same
  -- statement as the write, so callers may keep posts they have seen instead of reading them again.
  IF post IS NOT NULL AND NOT EXISTS (SELECT 1 FROM quiz_posts p WHERE p.id = post AND p.status <> 'closed') THEN
    RAISE EXCEPTION 'daily post % is closed or unknown', post USING ERRCODE = 'RC410';
  END IF;

  INSERT INTO answers AS a (idempotency_key, member_id, item_id, quiz_post_id, source, text, score, feedback,
    verdicts, misconceptions, suggested_rating, rating, local_date)
  VALUES (input->>'idempotencyKey', member, item, post, source, input->>'text', score,
    coalesce(input->>'feedback', ''), input->'verdicts', input->'misconceptions', input->>'suggestedRating',
    input->>'rating', local_day)
  -- Either unique index (the key, or one answer per post) makes this a repeat.
  ON CONFLICT DO NOTHING
  RETURNING a.id, a.created_at INTO new_id, new_created;
  IF new_id IS NULL THEN
    RETURN;
  END IF;

  INSERT INTO review_logs (idempotency_key, member_id, item_id, answer_id, source, rating, reviewed_at,
    before_due, before_stability, before_difficulty, before_scheduled_days, before_learning_steps, before_reps,
    before_lapses, before_state, before_last_review,
    after_due, after_stability, after_difficulty, after_scheduled_days, after_learning_steps, after_reps,
    after_lapses, after_state, after_last_review)
  VALUES (input->>'idempotencyKey', member, item, new_id, source, review->>'rating', reviewed_at,
    (before->>'due')::timestamptz, (before->>'stability')::float8, (before->>'difficulty')::float8,
    (before->>'scheduledDays')::integer, (before->>'learningSteps')::integer, (before->>'reps')::integer,
    (before->>'lapses')::integer, before->>'state', (before->>'lastReview')::timestamptz,
    (after->>'due')::timestamptz, (after->>'stability')::float8, (after->>'difficulty')::float8,
    (after->>'scheduledDays')::integer, (after->>'learningSteps')::integer, (after->>'reps')::integer,
    (after->>'lapses')::integer, after->>'state', (after->>'lastReview')::timestamptz);

  -- The row lock this update takes serialises concurrent reviews of the card; a loser re-checks
  -- the position against the winner's row and misses. Milliseconds, as ISO strings carry them.
  UPDATE cards c SET
    due = (card->>'due')::timestamptz, stability = (card->>'stability')::float8,
    difficulty = (card->>'difficulty')::float8, scheduled_days = (card->>'scheduledDays')::integer,
    learning_steps = (card->>'learningSteps')::integer, reps = (card->>'reps')::integer,
    lapses = (card->>'lapses')::integer, state = card->>'state',
    last_review = (card->>'lastReview')::timestamptz, updated_at = reviewed_at
  WHERE c.member_id = member AND c.item_id = item
    AND c.reps = (before->>'reps')::integer AND c.state = before->>'state'
    AND (CASE WHEN before->>'lastReview' IS NULL THEN c.last_review IS NULL
         ELSE date_trunc('milliseconds', c.last_review) = (before->>'lastReview')::timestamptz END);
  IF NOT FOUND THEN
    IF (before->>'reps')::integer <> 0 OR EXISTS (SELECT 1 FROM cards c WHERE c.member_id = member AND c.item_id = item) THEN
      RAISE EXCEPTION 'card of member % for item % changed since it was read', member, item USING ERRCODE = 'RC409';
    END IF;
    INSERT INTO cards (member_id, item_id, due, stability, difficulty, scheduled_days, learning_steps, reps, lapses,
      state, last_review, updated_at)
    VALUES (member, item, (card->>'due')::timestamptz, (card->>'stability')::float8, (card->>'difficulty')::float8,
      (card->>'scheduledDays')::integer, (card->>'learningSteps')::integer, (card->>'reps')::integer,
      (card->>'lapses')::integer, card->>'state', (card->>'lastReview')::timestamptz, reviewed_at)
    -- Another transaction created the card first: this review was computed from a stale card.
    ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'card of member % for item % changed since it was read', member, item USING ERRCODE = 'RC409';
    END IF;
  END IF;

  -- The leaderboard and streak rollups: the day's row is upserted, and the week's row gets the
  -- change in the day's points (the review cap applies per day; the streak bonus and the active
  -- day count once, when the day's row is created: `xmax = 0` tells an inserted row from an
  -- updated one).
  INSERT INTO member_daily_activity AS d
    (member_id, local_date, quiz_score, quiz_answers, review_score, review_answers, streak)
  VALUES (member, local_day, quiz_score, quiz_answers, review_score, 1 - quiz_answers,
    -- The run of consecutive days ending today: one more than yesterday's, if there was one.
    1 + coalesce((SELECT y.streak FROM member_daily_activity y
                  WHERE y.member_id = member AND y.local_date = local_day - 1), 0))
  ON CONFLICT (member_id, local_date) DO UPDATE SET
    quiz_score = d.quiz_score + excluded.quiz_score,
    quiz_answers = d.quiz_answers + excluded.quiz_answers,
    review_score = d.review_score + excluded.review_score,
    review_answers = d.review_answers + excluded.review_answers
  RETURNING (d.xmax = 0), d.review_score, d.streak INTO day_inserted, day_review_score, day_streak;

  INSERT INTO member_weekly_activity AS w
    (member_id, week_start, quiz_points, review_points, streak_points, active_days, answers)
  VALUES (member, local_day - (extract(isodow FROM local_day)::integer - 1),
    quiz_score * (points->>'quizPerScore')::float8,
    least(day_review_score * (points->>'reviewPerScore')::float8, (points->>'reviewCapPerDay')::float8)
      - least((day_review_score - review_score) * (points->>'reviewPerScore')::float8, (points->>'reviewCapPerDay')::float8),
    CASE WHEN day_inserted
      THEN least(day_streak, (points->>'streakMaxDays')::integer) * (points->>'streakPerDay')::float8 ELSE 0 END,
    CASE WHEN day_inserted THEN 1 ELSE 0 END,
    1)
  ON CONFLICT (member_id, week_start) DO UPDATE SET
    quiz_points = w.quiz_points + excluded.quiz_points,
    review_points = w.review_points + excluded.review_points,
    streak_points = w.streak_points + excluded.streak_points,
    active_days = w.active_days + excluded.active_days,
    answers = w.answers + excluded.answers;

  IF post IS NOT NULL THEN
    INSERT INTO group_members (group_id, member_id)
    SELECT p.group_id, member FROM quiz_posts p WHERE p.id = post
    ON CONFLICT DO NOTHING;
  END IF;

  RETURN QUERY SELECT new_id, to_char(new_created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
END;
$$;
