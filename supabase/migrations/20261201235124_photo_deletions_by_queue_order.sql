-- The photo deletion queue is claimed in the order it was queued (photo_deletions_claim): read from
-- an index, a claim takes the oldest batch without sorting the whole queue, however long erasures
-- have made it.
create index photo_deletions_queued_idx on private.photo_deletions (queued_at);
comment on index private.photo_deletions_queued_idx is 'The photo deletion queue in the order it was queued, for photo_deletions_claim.';
