/** A page of a list: how many rows to skip and how many to read. */
export interface Page {
  offset: number;
  limit: number;
}
