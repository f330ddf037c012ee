-- PLACEHOLDER on the bank branch only: number 0027 belongs to the card's migration of the same name,
-- built at the same time. It is here so this branch's 0028 runs without a gap; at the merge the card's
-- file replaces this one (same name, so git shows it as a conflict to resolve in the card's favour).
SELECT 1;
