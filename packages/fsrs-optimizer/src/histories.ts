// Review logs to FSRS training items, the way Anki converts them: per card, reviews in time
// order with the whole study days since the previous review; one item per review that falls on
// a later day than the one before it, holding the card's history up to it. Same-day steps stay
// inside histories (they train short-term memory) but are never predicted, so no item can be one
// the binding aborts on (a single review, or a card studied on one day only).

import { RATINGS, studyDayNumber, type Rating } from "@recall/scheduler";
import type { FitCard, FitItem, FitJob } from "./fit-job.ts";

export interface ReviewEvent {
  card: string;
  rating: Rating;
  /** Review time, ms since the epoch. */
  atMs: number;
  /** The member's study clock at that review (defaults: the conversion's clock). */
  timezone?: string;
  dayStartHour?: number;
}

export interface StudyClock {
  timezone: string;
  dayStartHour: number;
}

/** A training or test item: a card's first `length` reviews, predicted at the last one. */
export interface HistoryItem extends FitItem {
  atMs: number;
}

export interface Histories {
  cards: FitCard[];
  /** Oldest first. */
  items: HistoryItem[];
  /** Reviews read (all of them, including those that yield no item). */
  reviews: number;
}

export function toHistories(reviews: readonly ReviewEvent[], clock: StudyClock): Histories {
  const byCard = new Map<string, ReviewEvent[]>();
  for (const review of reviews) {
    let list = byCard.get(review.card);
    if (list === undefined) {
      list = [];
      byCard.set(review.card, list);
    }
    list.push(review);
  }
  const cards: FitCard[] = [];
  const items: HistoryItem[] = [];
  for (const list of byCard.values()) {
    list.sort((a, b) => a.atMs - b.atMs);
    const ratings: number[] = [];
    const deltaTs: number[] = [];
    const cardIndex = cards.length;
    let previousDay = 0;
    let itemCount = 0;
    for (let i = 0; i < list.length; i++) {
      const review = list[i] as ReviewEvent;
      const day = studyDayNumber(
        review.atMs,
        review.timezone ?? clock.timezone,
        review.dayStartHour ?? clock.dayStartHour,
      );
      // A clock change can move a later review onto an earlier study day; count it as the same day.
      const deltaT = i === 0 ? 0 : Math.max(0, day - previousDay);
      ratings.push(RATINGS.indexOf(review.rating) + 1);
      deltaTs.push(deltaT);
      previousDay = i === 0 || day > previousDay ? day : previousDay;
      if (deltaT > 0) {
        items.push({ card: cardIndex, length: i + 1, atMs: review.atMs });
        itemCount += 1;
      }
    }
    if (itemCount > 0) cards.push({ ratings, deltaTs });
  }
  items.sort((a, b) => a.atMs - b.atMs || a.card - b.card || a.length - b.length);
  return { cards, items, reviews: reviews.length };
}

/** The older part of the items (by time) for fitting and the newest `testShare` for judging. */
export function splitByTime(histories: Histories, testShare = 0.2): { train: HistoryItem[]; test: HistoryItem[] } {
  const cut = Math.floor(histories.items.length * (1 - testShare));
  return { train: histories.items.slice(0, cut), test: histories.items.slice(cut) };
}

/** A fit job over some items: only the cards they use travel to the child. */
export function fitJobOf(histories: Histories, items: readonly HistoryItem[]): FitJob {
  const renumbered = new Map<number, number>();
  const cards: FitCard[] = [];
  const jobItems: FitItem[] = [];
  for (const item of items) {
    let index = renumbered.get(item.card);
    if (index === undefined) {
      index = cards.length;
      renumbered.set(item.card, index);
      cards.push(histories.cards[item.card] as FitCard);
    }
    jobItems.push({ card: index, length: item.length });
  }
  return { cards, items: jobItems };
}
