-- A quote has from 1 to 8 lines, as the quote form and its refusal text say (the table and
-- quote_save allowed 20). Quotes saved before are kept as they are (not valid: only new rows are checked).
alter table public.quotes drop constraint quotes_lines_check;
alter table public.quotes
  add constraint quotes_lines_check check (jsonb_typeof(lines) = 'array' and jsonb_array_length(lines) between 1 and 8) not valid;
