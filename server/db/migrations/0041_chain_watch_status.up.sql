-- What the elected leader's chain watchers see, for the other processes on the same database
-- (server/chain/chain-status-board.ts). Only the leader runs the watchers and the test network's block
-- producer; the followers answer /healthz and the console's Chains page from this row instead of from
-- watchers that never ran. One row per schema (a deployment), overwritten every ~2 s by the leader.
CREATE TABLE chain_watch_status (
  id            boolean PRIMARY KEY DEFAULT true CHECK (id),
  -- ChainWatcherStatus[] (server/chain/chain-watcher.ts), checked again by whoever reads it.
  statuses      jsonb NOT NULL,
  -- The database's clock, so a follower measures the age without trusting its own clock.
  published_at  timestamptz NOT NULL DEFAULT now(),
  -- Which process published: what an operator looks for in the logs when the row stops moving.
  publisher_pid integer NOT NULL
);
