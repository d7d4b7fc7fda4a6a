import { Types } from 'mongoose';

// Every hot lookup is by `_id`. Reviews and teachers keep their public integer `id`, and their
// `_id` is derived from it, so `id → _id` needs no lookup.

/** The `_id` of review `id`: an ObjectId whose 12 bytes are the integer, big-endian. */
export const reviewOid = (id: number): Types.ObjectId => derivedOid(id, 'r');

/** The `_id` of teacher `id`. */
export const teacherOid = (id: number): Types.ObjectId => derivedOid(id, 't');

function derivedOid(id: number, kind: 'r' | 't'): Types.ObjectId {
  if (!Number.isSafeInteger(id) || id < 0) throw new Error(`not a document id: ${id}`);
  // One byte tells reviews and teachers apart (never compared, but keeps keys readable), then the id.
  const hex = (kind === 'r' ? '01' : '02') + id.toString(16).padStart(22, '0');
  return new Types.ObjectId(hex);
}
