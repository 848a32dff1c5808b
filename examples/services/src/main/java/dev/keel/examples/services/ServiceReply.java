package dev.keel.examples.services;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The reply of a turn that selected a service: the catalogue's reply template, filled from the catalogue for the
 * selected service and, on the multi-agency path, for each other service the answer lists as a source. The model
 * chooses the placeholders ({@code cached_state.service_select_v1.template.placeholders}); their values always come
 * from the catalogue, never from the model. A template line is kept when the model chose every placeholder it
 * uses (the first line, which names the service, always); a placeholder the catalogue does not know is ignored.
 * The multi-agency answer's {@code assistantReply} comes first, as the order of the steps.
 *
 * @param text     the reply
 * @param services the services it describes, the selected one first
 * @param ignored  placeholders the model chose that the catalogue cannot fill
 */
record ServiceReply(String text, List<String> services, List<String> ignored) {

    /** The reply for {@code state}; empty when no service was selected or the selected one is not in the catalogue. */
    static Optional<ServiceReply> assemble(Catalogue catalogue, Map<String, Object> state) {
        Map<String, Object> selectStage = object(state.get("service_select_v1"));
        String selected = String.valueOf(object(selectStage.get("serviceSelection")).get("serviceKey"));
        if (catalogue.service(selected).isEmpty()) {
            return Optional.empty();
        }
        List<String> chosen = new ArrayList<>(object(object(selectStage.get("template")).get("placeholders")).keySet());
        List<String> ignored = chosen.stream().filter(name -> !Catalogue.PLACEHOLDERS.contains(name)).toList();
        List<String> services = new ArrayList<>(List.of(selected));
        Map<String, Object> answer = object(state.get("multi_agency_service_answer_v1"));
        if (answer.get("sourcesUsed") instanceof List) {
            for (Object source : (List<?>) answer.get("sourcesUsed")) {
                Object key = object(source).get("serviceKey");
                if (key instanceof String && catalogue.service((String) key).isPresent() && !services.contains(key)) {
                    services.add((String) key);
                }
            }
        }
        List<String> blocks = new ArrayList<>();
        if (answer.get("assistantReply") instanceof String) {
            blocks.add((String) answer.get("assistantReply"));
        }
        for (String key : services) {
            blocks.add(fill(catalogue, key, chosen));
        }
        return Optional.of(new ServiceReply(String.join("\n\n", blocks), List.copyOf(services), ignored));
    }

    private static String fill(Catalogue catalogue, String key, List<String> chosen) {
        Map<String, String> values = Catalogue.values(catalogue.agencyOf(key).orElseThrow(),
                catalogue.service(key).orElseThrow());
        List<String> lines = new ArrayList<>();
        List<String> template = catalogue.replyTemplate();
        for (int i = 0; i < template.size(); i++) {
            List<String> used = Catalogue.placeholdersIn(template.get(i));
            if (i > 0 && !chosen.containsAll(used)) {
                continue;
            }
            String line = template.get(i);
            for (String name : used) {
                line = line.replace("{" + name + "}", values.get(name));
            }
            lines.add(line);
        }
        return String.join("\n", lines);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Object value) {
        return value instanceof Map ? (Map<String, Object>) value : Map.of();
    }
}
