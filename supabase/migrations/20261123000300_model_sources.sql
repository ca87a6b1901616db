-- Every source behind a model's figures (skid-steer-models.v2.csv's `sources`): URLs,
-- `owner/repo@commit:path` GitHub files, or a described index entry. The model pages list them.
alter table public.equipment_models add column sources text[] not null default '{}';
