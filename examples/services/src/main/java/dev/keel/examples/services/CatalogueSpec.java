package dev.keel.examples.services;

import java.util.List;

/**
 * A catalogue as its wire format binds it: one component per member of its JSON Schema
 * ({@code dev/keel/examples/services/schema/catalogue.schema.json}), which is what validates it ({@link Catalogue});
 * agencies and services bind to {@link Agency} and {@link Service} themselves. {@code currency} is null when
 * absent. Not changed once bound; thread-safe.
 */
record CatalogueSpec(String country, String currency, List<String> replyTemplate, List<Agency> agencies) {
}
