/** Plain-words explanations for the catalogue's less obvious labels. */
export const glossary = {
  sticker:
    "A badge computed from the published figures: the model that leads our catalogue on that figure, among models rated on the same basis.",
  liftPattern:
    "Radial lift swings the arms in an arc: strong at mid height, good for digging and pushing. " +
    "Vertical lift raises the bucket straight up: more reach at full height, good for loading trucks.",
  operatingCapacity:
    "Rated operating capacity: the load the machine carries safely. For wheeled skid steers it is usually 50 % " +
    "of the tipping load, for track loaders 35 %.",
} as const;
