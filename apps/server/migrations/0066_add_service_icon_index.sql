-- Uploaded service files [A7.2]: /keeper/download asks which service shows a file; icons are the most
-- asked for (every list and marketplace tile), so they are an index lookup.
CREATE INDEX services_icon_idx ON services (icon) WHERE icon IS NOT NULL;
