package dev.keel.examples.services;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One government agency of the {@link Catalogue}: its KnowledgeBase dictionary (category key to description) and
 * its services. Immutable and thread-safe.
 *
 * @param id          unique in the catalogue, letters, digits and {@code _}
 * @param name        the agency's name
 * @param path        where the agency is found on the agencies' site
 * @param description what the agency does, one sentence
 * @param dictionary  the categories of its services, by key, in order
 * @param services    its services, in order
 */
public record Agency(String id, String name, String path, String description, Map<String, String> dictionary,
                     List<Service> services) {

    public Agency {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(description, "description");
        dictionary = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(dictionary));
        services = List.copyOf(services);
    }

    /** The service with {@code key}, if it is this agency's. */
    public Optional<Service> service(String key) {
        return services.stream().filter(service -> service.key().equals(key)).findFirst();
    }

    /** The services of one category, in order. */
    public List<Service> servicesIn(String category) {
        return services.stream().filter(service -> service.category().equals(category)).toList();
    }

    /** The agency as {@code agency_detect_v1} describes it: agencyId, name, path, description. */
    public Map<String, Object> info() {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("agencyId", id);
        info.put("name", name);
        info.put("path", path);
        info.put("description", description);
        return info;
    }

    /** The {@code KnowledgeBase_Dictionary} input of a stage: the agency and its categories. */
    public Map<String, Object> knowledgeBaseDictionary() {
        Map<String, Object> slot = new LinkedHashMap<>();
        slot.put("agencyId", id);
        slot.put("agencyName", name);
        slot.put("categories", new LinkedHashMap<>(dictionary));
        return slot;
    }

    /** The {@code service_index} input of a stage: the agency and its services' index entries. */
    public Map<String, Object> serviceIndex() {
        Map<String, Object> slot = new LinkedHashMap<>();
        slot.put("agencyId", id);
        slot.put("agencyName", name);
        slot.put("services", services.stream().map(Service::indexEntry).toList());
        return slot;
    }
}
