-- recordAnswers: many answers in one statement, for the answer path's group commit (a burst of
-- answers costs a few round trips instead of one each). Every answer gets its own outcome, and
-- one answer's outcome never fails or rolls back another's:
--   * 'closed'    an answer to a daily post that is closed or unknown (what 0006 raises as RC410);
--   * 'duplicate' a repeat (the idempotency key, or one answer per member, post and item), also
--                 within the batch: the first of two with one key is written, the second is not;
--   * 'stale'     the card is not in the review's `before` position (what 0005 raises as RC409);
--   * 'written'   with the answer's id and created_at; its `introduce` items (the follow-ups of a
--                 main question missed) get new cards where the member has none, as introduceItems.
-- Each is checked before anything of that answer is kept, without an exception block (a
-- subtransaction per answer would overflow PostgreSQL's subtransaction cache past 64 and slow
-- every session's snapshots): the post is read first; the answer row is inserted with ON
-- CONFLICT DO NOTHING (a concurrent duplicate waits on the unique index, as in 0005); the card is
-- compared in the statement that updates it, and a stale answer's row is deleted again before its
-- review log is written.
--
-- Locks are taken in one order whatever the batch holds, so two batches (or a batch and a single
-- review) do not deadlock on each other: answers and cards by (member, item, key), then the
-- introduced cards by (member, item), then the daily rollups by (member, date), then the weekly
-- rollups by (member, week), then group membership.
-- A member's answers on one local date update the daily rollup once, with their sum, so the
-- streak bonus and the active day count once and the review cap applies to the day's total,
-- exactly as answer-by-answer.
--
-- `inputs` is a JSON array of AnswerInput (times ISO strings); `points` is LEADERBOARD_POINTS.
-- Rows come back in no particular order, each naming its input by `idx` (1-based).
-- recall_record_answer (0005, 0006) stays for processes of the previous version during a deploy.
CREATE FUNCTION recall_record_answers(inputs jsonb, points jsonb)
RETURNS TABLE (idx integer, outcome text, answer_id bigint, created_at text)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
  entry record;
  day_row record;
  input jsonb;
  member integer;
  item text;
  post integer;
  source text;
  score float8;
  local_day date;
  review jsonb;
  before jsonb;
  after jsonb;
  card jsonb;
  reviewed_at timestamptz;
  new_id bigint;
  new_created timestamptz;
  stale boolean;
  day_inserted boolean;
  day_review_score float8;
  day_streak integer;
  -- What the rollups need of each written answer, side by side.
  w_member integer[] := '{}';
  w_day date[] := '{}';
  w_post integer[] := '{}';
  w_quiz float8[] := '{}';
  w_quiz_answers integer[] := '{}';
  w_review float8[] := '{}';
  -- The written answers' introductions.
  i_member integer[] := '{}';
  i_introduce jsonb[] := '{}';
  -- The change each day makes to its week.
  k_member integer[] := '{}';
  k_week date[] := '{}';
  k_quiz float8[] := '{}';
  k_review float8[] := '{}';
  k_streak float8[] := '{}';
  k_active integer[] := '{}';
  k_answers integer[] := '{}';
BEGIN
  FOR entry IN
    SELECT e.value AS input, e.ordinality::integer AS input_index
    FROM jsonb_array_elements(inputs) WITH ORDINALITY AS e(value, ordinality)
    ORDER BY (e.value->>'memberId')::integer, e.value->>'itemId', e.value->>'idempotencyKey', e.ordinality
  LOOP
    input := entry.input;
    member := (input->>'memberId')::integer;
    item := input->>'itemId';
    post := (input->>'quizPostId')::integer;
    source := input->>'source';
    score := (input->>'score')::float8;
    local_day := (input->>'localDate')::date;
    review := input->'reviewLog';
    before := input->'reviewLog'->'before';
    after := input->'reviewLog'->'after';
    card := input->'card';
    reviewed_at := (input->'reviewLog'->>'reviewedAt')::timestamptz;
    idx := entry.input_index;
    answer_id := NULL;
    created_at := NULL;

    -- An answer to a daily post is taken only while the post is open (as 0006).
    IF post IS NOT NULL AND NOT EXISTS (SELECT 1 FROM quiz_posts p WHERE p.id = post AND p.status <> 'closed') THEN
      outcome := 'closed';
      RETURN NEXT;
      CONTINUE;
    END IF;

    new_id := NULL;
    INSERT INTO answers AS a (idempotency_key, member_id, item_id, quiz_post_id, source, text, score, feedback,
      verdicts, misconceptions, suggested_rating, rating, local_date)
    VALUES (input->>'idempotencyKey', member, item, post, source, input->>'text', score,
      coalesce(input->>'feedback', ''), input->'verdicts', input->'misconceptions', input->>'suggestedRating',
      input->>'rating', local_day)
    -- Either unique index (the key, or one answer per post) makes this a repeat.
    ON CONFLICT DO NOTHING
    RETURNING a.id, a.created_at INTO new_id, new_created;
    IF new_id IS NULL THEN
      outcome := 'duplicate';
      RETURN NEXT;
      CONTINUE;
    END IF;

    -- The card moves only from the review's `before` position (as 0005). The row lock this update
    -- takes serialises concurrent reviews of the card; a loser re-checks against the winner's row.
    stale := false;
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
        stale := true;
      ELSE
        INSERT INTO cards (member_id, item_id, due, stability, difficulty, scheduled_days, learning_steps, reps, lapses,
          state, last_review, updated_at)
        VALUES (member, item, (card->>'due')::timestamptz, (card->>'stability')::float8, (card->>'difficulty')::float8,
          (card->>'scheduledDays')::integer, (card->>'learningSteps')::integer, (card->>'reps')::integer,
          (card->>'lapses')::integer, card->>'state', (card->>'lastReview')::timestamptz, reviewed_at)
        -- Another transaction created the card first: this review was computed from a stale card.
        ON CONFLICT DO NOTHING;
        stale := NOT FOUND;
      END IF;
    END IF;
    IF stale THEN
      -- Nothing else of this answer has been written yet; a concurrent duplicate waiting on the
      -- unique index then writes, as it would after 0005's rollback.
      DELETE FROM answers a WHERE a.id = new_id;
      outcome := 'stale';
      RETURN NEXT;
      CONTINUE;
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

    w_member := array_append(w_member, member);
    w_day := array_append(w_day, local_day);
    w_post := array_append(w_post, post);
    w_quiz := array_append(w_quiz, CASE WHEN source = 'daily' THEN score ELSE 0 END);
    w_quiz_answers := array_append(w_quiz_answers, CASE WHEN source = 'daily' THEN 1 ELSE 0 END);
    w_review := array_append(w_review, CASE WHEN source = 'daily' THEN 0 ELSE score END);
    IF jsonb_typeof(input->'introduce') = 'object' THEN
      i_member := array_append(i_member, member);
      i_introduce := array_append(i_introduce, input->'introduce');
    END IF;

    outcome := 'written';
    answer_id := new_id;
    created_at := to_char(new_created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
    RETURN NEXT;
  END LOOP;

  INSERT INTO cards (member_id, item_id, due, stability, difficulty, scheduled_days, learning_steps, reps, lapses,
    state, last_review)
  SELECT t.member, x.item_id, (t.introduce->'card'->>'due')::timestamptz, (t.introduce->'card'->>'stability')::float8,
    (t.introduce->'card'->>'difficulty')::float8, (t.introduce->'card'->>'scheduledDays')::integer,
    (t.introduce->'card'->>'learningSteps')::integer, (t.introduce->'card'->>'reps')::integer,
    (t.introduce->'card'->>'lapses')::integer, t.introduce->'card'->>'state', (t.introduce->'card'->>'lastReview')::timestamptz
  FROM unnest(i_member, i_introduce) AS t(member, introduce)
  CROSS JOIN LATERAL jsonb_array_elements_text(t.introduce->'itemIds') AS x(item_id)
  ORDER BY t.member, x.item_id
  ON CONFLICT DO NOTHING;

  -- The leaderboard and streak rollups (as 0005), one day row per member and local date: the
  -- week gets the change in the day's points (the review cap applies per day; the streak bonus and
  -- the active day count once, when the day's row is created: `xmax = 0` tells an inserted row
  -- from an updated one).
  FOR day_row IN
    SELECT t.member, t.day, sum(t.quiz) AS quiz, sum(t.quiz_answers)::integer AS quiz_answers,
      sum(t.review) AS review, count(*)::integer AS answers
    FROM unnest(w_member, w_day, w_quiz, w_quiz_answers, w_review) AS t(member, day, quiz, quiz_answers, review)
    GROUP BY t.member, t.day
    ORDER BY t.member, t.day
  LOOP
    INSERT INTO member_daily_activity AS d
      (member_id, local_date, quiz_score, quiz_answers, review_score, review_answers, streak)
    VALUES (day_row.member, day_row.day, day_row.quiz, day_row.quiz_answers, day_row.review,
      day_row.answers - day_row.quiz_answers,
      -- The run of consecutive days ending today: one more than yesterday's, if there was one.
      1 + coalesce((SELECT y.streak FROM member_daily_activity y
                    WHERE y.member_id = day_row.member AND y.local_date = day_row.day - 1), 0))
    ON CONFLICT (member_id, local_date) DO UPDATE SET
      quiz_score = d.quiz_score + excluded.quiz_score,
      quiz_answers = d.quiz_answers + excluded.quiz_answers,
      review_score = d.review_score + excluded.review_score,
      review_answers = d.review_answers + excluded.review_answers
    RETURNING (d.xmax = 0), d.review_score, d.streak INTO day_inserted, day_review_score, day_streak;

    k_member := array_append(k_member, day_row.member);
    k_week := array_append(k_week, day_row.day - (extract(isodow FROM day_row.day)::integer - 1));
    k_quiz := array_append(k_quiz, day_row.quiz * (points->>'quizPerScore')::float8);
    k_review := array_append(k_review,
      least(day_review_score * (points->>'reviewPerScore')::float8, (points->>'reviewCapPerDay')::float8)
        - least((day_review_score - day_row.review) * (points->>'reviewPerScore')::float8, (points->>'reviewCapPerDay')::float8));
    k_streak := array_append(k_streak, CASE WHEN day_inserted
      THEN least(day_streak, (points->>'streakMaxDays')::integer) * (points->>'streakPerDay')::float8 ELSE 0 END);
    k_active := array_append(k_active, CASE WHEN day_inserted THEN 1 ELSE 0 END);
    k_answers := array_append(k_answers, day_row.answers);
  END LOOP;

  INSERT INTO member_weekly_activity AS w
    (member_id, week_start, quiz_points, review_points, streak_points, active_days, answers)
  SELECT t.member, t.week, sum(t.quiz), sum(t.review), sum(t.streak), sum(t.active)::integer, sum(t.answers)::integer
  FROM unnest(k_member, k_week, k_quiz, k_review, k_streak, k_active, k_answers)
    AS t(member, week, quiz, review, streak, active, answers)
  GROUP BY t.member, t.week
  ORDER BY t.member, t.week
  ON CONFLICT (member_id, week_start) DO UPDATE SET
    quiz_points = w.quiz_points + excluded.quiz_points,
    review_points = w.review_points + excluded.review_points,
    streak_points = w.streak_points + excluded.streak_points,
    active_days = w.active_days + excluded.active_days,
    answers = w.answers + excluded.answers;

  -- Answering a group's post makes the member part of the group.
  INSERT INTO group_members (group_id, member_id)
  SELECT DISTINCT t.member_group, t.member
  FROM (SELECT p.group_id AS member_group, u.member
        FROM unnest(w_member, w_post) AS u(member, post) JOIN quiz_posts p ON p.id = u.post) AS t
  ORDER BY t.member, t.member_group
  ON CONFLICT DO NOTHING;
END;
$$;
