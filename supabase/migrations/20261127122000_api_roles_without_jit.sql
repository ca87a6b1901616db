-- The site's calls are short indexed reads and writes. PostgreSQL compiles (JIT) any query whose
-- estimate passes jit_above_cost, and for them compiling takes longer than running: up to a second
-- for a page of a few milliseconds. PostgREST applies these role settings to every request.
alter role anon set jit = off;
alter role authenticated set jit = off;
alter role service_role set jit = off;
