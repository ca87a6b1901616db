-- review_hold_reason also looks for the same text in other reviews, so it takes the id of
-- the review it judges (an edit must not match its own text): the one-argument form goes.
-- renter_review_save calls it by name only, so the drop leaves it in place until the next
-- migration redefines both.
drop function public.review_hold_reason(text);
