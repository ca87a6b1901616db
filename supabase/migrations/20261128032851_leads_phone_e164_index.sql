-- The console's Privacy lookup and erasure find a person's requests by the number texts reach.
create index leads_phone_e164_idx on public.leads (phone_e164) where phone_e164 is not null;
comment on index public.leads_phone_e164_idx is 'A person''s requests by the number texts reach (private.person_leads).';
