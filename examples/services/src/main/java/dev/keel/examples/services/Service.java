package dev.keel.examples.services;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One service of an agency in the {@link Catalogue}: what the service index shows a stage (key, name, path,
 * overview, applicability summary) and what the reply is filled from (documents, fee, processing time).
 * Immutable and thread-safe.
 *
 * @param key                  unique in the catalogue, letters, digits and {@code _}
 * @param name                 the service's name
 * @param category             the key of its category in the agency's dictionary
 * @param path                 where the service is found on the agencies' site
 * @param overview             what the service does, one sentence
 * @param applicabilitySummary who it is for, and when
 * @param documents            what to bring, at least one item
 * @param fee                  what it costs, in words
 * @param processingTime       how long it takes, in words
 */
public record Service(String key, String name, String category, String path, String overview,
                      String applicabilitySummary, List<String> documents, String fee, String processingTime) {

    public Service {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(category, "category");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(overview, "overview");
        Objects.requireNonNull(applicabilitySummary, "applicabilitySummary");
        documents = List.copyOf(documents);
        Objects.requireNonNull(fee, "fee");
        Objects.requireNonNull(processingTime, "processingTime");
    }

    /** The service as its agency's service index lists it for a stage: key, name, path, overview, applicability. */
    public Map<String, Object> indexEntry() {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("key", key);
        entry.put("name", name);
        entry.put("path", path);
        entry.put("overview", overview);
        entry.put("applicability_summary", applicabilitySummary);
        return entry;
    }
}
