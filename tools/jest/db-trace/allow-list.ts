// Query shapes no declared index serves that the services send on purpose. Each entry names the
// collection, the operations and the exact set of filter fields it admits (none: `fields: []`), and
// says why the scan is fine (in production, on MongoDB, with the collection's expected size).
// Anything else a service sends must be served by `_id` or an index its mongoose schemas declare.

export interface AllowedShape {
  collection: string;
  ops: string[];
  /** The filter's field paths, exactly (order free); `[]` = no condition (the whole collection). */
  fields: string[];
  /** Admitted only outside requests (start-up, jobs): a request sending it still fails. */
  backgroundOnly?: boolean;
  why: string;
}

export const ALLOWED_SHAPES: AllowedShape[] = [];
