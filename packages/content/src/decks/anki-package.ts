// Anki packages (.apkg, .colpkg) and bare collection files (.anki2/.anki21, zstd .anki21b).
// The collection is picked by the `meta` entry as Anki does: modern exports also carry a dummy
// `collection.anki2` ("Please update to the latest Anki version…") that must never be read.
import type { ProblemLog } from "../problems.ts";
import { PROBLEM_KINDS } from "../problems.ts";
import type { AnkiCollection, AnkiNote, AnkiNotetype } from "./anki-collection.ts";
import { readAnkiCollection, startsWithSqliteMagic } from "./anki-collection.ts";
import { answerPart, removeStyle, renderTemplate } from "./anki-template.ts";
import { clozeCards, clozeSkeleton, clozeText } from "./cloze.ts";
import type { DeckCard, DeckRead } from "./deck-cards.ts";
import { splitAlternatives } from "./deck-cards.ts";
import { countMediaReferences, htmlFieldToText } from "./deck-text.ts";
import type { DeckLimits } from "./limits.ts";
import { DeckRefusedError, refuseOverlongFields } from "./limits.ts";
import { readProtoFields } from "./protobuf.ts";
import { openZipArchive, startsWithZipMagic } from "./zip-archive.ts";
import { decompressZstdCapped, startsWithZstdMagic } from "./zstd.ts";

const META_MAX_BYTES = 64 * 1024;
/** Package versions in `meta` (PackageMetadata.version): which collection file each one reads. */
const COLLECTION_BY_VERSION = new Map([
  [1, "collection.anki2"],
  [2, "collection.anki21"],
  [3, "collection.anki21b"],
]);
const MEDIA_ENTRY = /^[0-9]{1,9}$/;

export function looksLikeAnkiPackage(bytes: Uint8Array): boolean {
  return startsWithZipMagic(bytes) || startsWithSqliteMagic(bytes) || startsWithZstdMagic(bytes);
}

async function collectionFromZip(bytes: Uint8Array, limits: DeckLimits): Promise<{ collection: AnkiCollection; media: number }> {
  const archive = await openZipArchive(bytes, limits.maxZipEntries);
  try {
    let version: number;
    if (archive.entries.has("meta")) {
      const meta = await archive.read("meta", META_MAX_BYTES);
      version = readProtoFields(meta, "the package's meta entry").find((field) => field.number === 1)?.varint ?? 0;
      if (!COLLECTION_BY_VERSION.has(version)) {
        throw new DeckRefusedError(`the package's format version ${version} is unknown (made by a newer Anki?); export it again with "Support older Anki versions"`);
      }
    } else {
      version = archive.entries.has("collection.anki21") ? 2 : 1;
    }
    const name = COLLECTION_BY_VERSION.get(version) as string;
    if (!archive.entries.has(name)) {
      if (![...archive.entries.keys()].some((entry) => entry.startsWith("collection."))) throw new DeckRefusedError("the zip archive is not an Anki package (no collection inside)");
      throw new DeckRefusedError(`the package says it holds "${name}" but has no such entry`);
    }
    const stored = await archive.read(name, limits.maxCollectionBytes);
    const database = version === 3 ? decompressZstdCapped(stored, limits.maxCollectionBytes, `"${name}"`) : stored;
    const media = [...archive.entries.keys()].filter((entry) => MEDIA_ENTRY.test(entry)).length;
    return { collection: await readAnkiCollection(database, `"${name}"`, limits.maxNotes), media };
  } finally {
    archive.close();
  }
}

function noteLabel(note: AnkiNote): string {
  const guid = note.guid.length > 24 ? `${note.guid.slice(0, 24)}…` : note.guid;
  return `note ${note.id} (guid ${JSON.stringify(guid)})`;
}

/** The field `{{cloze:Name}}` names in the question template; the first field otherwise. */
function clozeFieldIndex(notetype: AnkiNotetype): number {
  const template = notetype.templates[0]?.questionFormat ?? "";
  const at = template.indexOf("cloze:");
  if (at >= 0) {
    const end = template.indexOf("}}", at);
    const name = template.slice(at + "cloze:".length, end < 0 ? undefined : end).trim();
    const index = notetype.fieldNames.indexOf(name);
    if (index >= 0) return index;
  }
  return 0;
}

function cardsOfNote(note: AnkiNote, notetype: AnkiNotetype, limits: DeckLimits, log: ProblemLog): DeckCard[] | null {
  const label = noteLabel(note);
  const toText = (html: string): string => htmlFieldToText(removeStyle(html), limits.maxFieldChars);
  const guid = { from: "anki" as const, value: note.guid };
  if (notetype.cloze) {
    const field = note.fields[clozeFieldIndex(notetype)] ?? "";
    if (field.includes("image-occlusion:")) {
      log.warning(PROBLEM_KINDS.skippedNote, 1, `${label}: image occlusion notes are not imported`);
      return null;
    }
    const cards = clozeCards(field);
    if (cards.length === 0) {
      log.warning(PROBLEM_KINDS.emptyCard, 1, `${label}: cloze note without a cloze deletion ({{c1::…}}); skipped`);
      return null;
    }
    const skeleton = toText(clozeSkeleton(field));
    return cards.map((card) => ({
      guid,
      prompt: toText(card.prompt),
      answer: [...new Set(card.answers.map(toText))].join(", "),
      alternatives: [],
      cloze: { number: card.number, skeleton },
      line: 1,
      label,
    }));
  }
  const fields = new Map(notetype.fieldNames.map((name, index) => [name, note.fields[index] ?? ""]));
  const template = notetype.templates[0];
  let question: string;
  let answer: string;
  if (template === undefined) {
    question = note.fields[0] ?? "";
    answer = note.fields[1] ?? "";
  } else {
    const context = { fields, tags: note.tags, deck: note.deck, cloze: clozeText };
    question = renderTemplate(template.questionFormat, context);
    answer = answerPart(renderTemplate(template.answerFormat, { ...context, frontSide: question }));
  }
  const prompt = toText(question);
  const answerText = toText(answer);
  if (prompt === "" || answerText === "") {
    log.warning(PROBLEM_KINDS.emptyCard, 1, `${label}: the ${prompt === "" ? "question" : "answer"} side is empty; skipped`);
    return null;
  }
  return [{ guid, prompt, answer: answerText, alternatives: splitAlternatives(answerText), cloze: null, line: 1, label }];
}

function mostCommonDeck(notes: readonly AnkiNote[]): string {
  const counts = new Map<string, number>();
  for (const note of notes) if (note.deck !== "") counts.set(note.deck, (counts.get(note.deck) ?? 0) + 1);
  let best = "";
  let bestCount = 0;
  for (const [deck, count] of counts) {
    if (count > bestCount) {
      best = deck;
      bestCount = count;
    }
  }
  return best;
}

export async function readAnkiPackage(bytes: Uint8Array, fallbackName: string, limits: DeckLimits, log: ProblemLog): Promise<DeckRead> {
  let collection: AnkiCollection;
  let media = 0;
  if (startsWithZipMagic(bytes)) {
    ({ collection, media } = await collectionFromZip(bytes, limits));
  } else if (startsWithZstdMagic(bytes)) {
    collection = await readAnkiCollection(decompressZstdCapped(bytes, limits.maxCollectionBytes, "the collection"), "the collection", limits.maxNotes);
  } else {
    collection = await readAnkiCollection(bytes, "the collection", limits.maxNotes);
  }
  const cards: DeckCard[] = [];
  let skippedNotes = 0;
  let mediaReferences = 0;
  for (const note of collection.notes) {
    const label = noteLabel(note);
    if (refuseOverlongFields(note.fields, limits, log, 1, label, "note")) {
      skippedNotes++;
      continue;
    }
    if (media === 0) for (const field of note.fields) mediaReferences += countMediaReferences(field);
    const notetype = collection.notetypes.get(note.notetypeId);
    if (notetype === undefined) {
      log.error(PROBLEM_KINDS.noteRefused, 1, `${label}: its note type ${note.notetypeId} is missing from the collection; note refused`);
      skippedNotes++;
      continue;
    }
    const made = cardsOfNote(note, notetype, limits, log);
    if (made === null) skippedNotes++;
    else cards.push(...made);
  }
  const deckName = mostCommonDeck(collection.notes).split("::").pop() || fallbackName;
  return { format: "anki-package", name: deckName, notes: collection.notes.length, cards, skippedNotes, media: media || mediaReferences };
}
