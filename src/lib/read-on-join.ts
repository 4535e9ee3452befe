// The queries a live channel reads when it (re)joins (live-rows.ts), for React Query's reads on
// reconnecting (query-client.ts): when the connection comes back, the channels rejoin and read
// their queries once joined, which is what catches the changes made while the socket was down;
// a read of the same query as the connection came back was a second read of it (/projects'
// list read twice on every reconnect). Kept apart so that query-client.ts needs no Realtime.
import { partialMatchKey, type QueryKey } from '@tanstack/react-query';

interface Channel {
  /** whether the channel is joined now (its next join will read `keys`) */
  joined: () => boolean;
  /** the queries its join reads, as they are now */
  keys: () => readonly QueryKey[];
}

const channels = new Set<Channel>();

/** A live channel's queries, read on its join; the returned function forgets them. */
export function readOnJoin(channel: Channel): () => void {
  channels.add(channel);
  return () => {
    channels.delete(channel);
  };
}

/** Whether a channel not joined now reads this query when it joins. */
export function readOnRejoin(queryKey: QueryKey): boolean {
  for (const channel of channels)
    if (!channel.joined() && channel.keys().some((key) => partialMatchKey(queryKey, key))) return true;
  return false;
}
