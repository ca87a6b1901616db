-- rate_card_problem now answers {code, message}: a refusal's stable code travels with it.
drop function public.rate_card_problem(jsonb);
