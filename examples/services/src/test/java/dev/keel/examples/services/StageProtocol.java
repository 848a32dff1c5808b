package dev.keel.examples.services;

import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stage model for tests that follows the protocol from a script: for a question's plan (an inquiry or not, the
 * services that answer it, the first one's agency primary) it writes each stage's valid JSON from what the prompt
 * carries: the stage from its directive, the session and the earlier stages from {@code cached_state}, the agency
 * of {@code service_index}. A re-ask (the prompt carries the rejected output) is answered with a telemetry note. A
 * plan with no services follows up the last service named in {@code chat_context_summary}; without one, it is no
 * inquiry. Thread-safe.
 */
@SuppressWarnings("unchecked")
final class StageProtocol {

    static final List<String> MODEL_STAGES = List.of("judgement_v1", "agency_detect_v1", "category_select_v1",
            "semantic_analysis_v1", "service_select_v1", "multi_agency_service_answer_v1");
    private static final JsonCodec CODEC = JsonCodec.strict();
    private static final Pattern KEY_IN_SUMMARY = Pattern.compile("\\(([a-z0-9_]+)\\)");

    private final Catalogue catalogue = Catalogue.shipped();
    private final AtomicInteger responses = new AtomicInteger();

    /** What the model makes of a question: an inquiry answered by {@code services}, the first one's agency primary. */
    record Plan(boolean inquiry, List<String> services) {
        static Plan of(String... services) {
            return new Plan(true, List.of(services));
        }

        static Plan smallTalk() {
            return new Plan(false, List.of());
        }

        /** A follow-up: the services are the last one in the context summary. */
        static Plan followUp() {
            return new Plan(true, List.of());
        }
    }

    /** The stage a prompt is for, read from its directive. */
    static String stageOf(ChatRequest request) {
        for (ChatMessage message : request.messages()) {
            if (message.role() == ChatRole.SYSTEM) {
                for (String id : MODEL_STAGES) {
                    if (message.text().contains("\"stage\": \"" + id + "\"")) {
                        return id;
                    }
                }
            }
        }
        throw new AssertionError("no stage directive in the prompt");
    }

    /** Whether the prompt is a re-ask: it carries a rejected output as the model's turn. */
    static boolean isReask(ChatRequest request) {
        return request.messages().stream().anyMatch(message -> message.role() == ChatRole.ASSISTANT);
    }

    /** The stage's input slots, from the user block. */
    static Map<String, Object> inputOf(ChatRequest request) {
        ChatMessage user = request.messages().stream().filter(message -> message.role() == ChatRole.USER).findFirst()
                .orElseThrow();
        return (Map<String, Object>) CODEC.parseObject(user.text()).get("input");
    }

    /** The valid reply to {@code request} under {@code plan}, as JSON text. */
    String reply(ChatRequest request, Plan plan) {
        String stage = stageOf(request);
        Map<String, Object> input = inputOf(request);
        Map<String, Object> state = (Map<String, Object>) input.getOrDefault("cached_state", Map.of());
        List<String> services = plan.services().isEmpty() ? followedUp(input).map(List::of).orElse(List.of())
                : plan.services();
        boolean inquiry = plan.inquiry() && !services.isEmpty();
        Map<String, Object> out = new LinkedHashMap<>();
        if (!stage.equals("judgement_v1")) {
            out.put("session_id", state.get("session_id"));
            out.put("response_id", "scripted-" + responses.incrementAndGet());
        }
        out.put("stage", stage);
        List<String> agencies = services.stream().map(key -> catalogue.agencyOf(key).orElseThrow().id()).distinct()
                .toList();
        switch (stage) {
            case "judgement_v1" -> {
                out.put("stageStatus", "ready");
                out.put("judgements", Map.of("inquiry", inquiry));
                out.put("assistantReply", inquiry ? null : "I help with the services of Kestria's agencies.");
                out.put("nextStep", inquiry ? "agency_detect_v1" : "session_end");
            }
            case "agency_detect_v1" -> {
                Map<String, Object> judgements = new LinkedHashMap<>();
                judgements.put("agencyDetected", agencies);
                judgements.put("agencyInfo", agencies.stream().map(id -> catalogue.agency(id).orElseThrow().info())
                        .toList());
                judgements.put("agencyCount", agencies.size());
                judgements.put("complexity", agencies.size() > 1 ? "high" : "low");
                out.put("judgements", judgements);
                out.put("nextStep", agencies.size() > 1 ? "semantic_analysis_v1" : "category_select_v1");
            }
            case "category_select_v1" -> {
                out.put("categorySelection", Map.of("candidates", candidate(services.get(0), "0.90")));
                out.put("nextStep", "service_select_v1");
            }
            case "semantic_analysis_v1" -> {
                List<Object> analysed = new ArrayList<>();
                for (String key : services) {
                    Agency agency = catalogue.agencyOf(key).orElseThrow();
                    Map<String, Object> entry = new LinkedHashMap<>();
                    entry.put("agencyId", agency.id());
                    entry.put("agencyName", agency.name());
                    entry.put("categorySelection", Map.of("candidates",
                            candidate(key, key.equals(services.get(0)) ? "0.95" : "0.80")));
                    analysed.add(entry);
                }
                out.put("semanticAnalysis", Map.of("agencies", analysed, "primaryAgency",
                        Map.of("agencyId", agencies.get(0), "reason", "highest cumulative relevance")));
                out.put("nextStep", "service_select_v1");
            }
            case "service_select_v1" -> {
                Object indexAgency = ((Map<String, Object>) input.get(ServicesContracts.SERVICE_INDEX)).get("agencyId");
                String key = services.stream()
                        .filter(s -> catalogue.agencyOf(s).orElseThrow().id().equals(indexAgency)).findFirst()
                        .orElseThrow();
                Service service = catalogue.service(key).orElseThrow();
                Map<String, Object> selection = new LinkedHashMap<>();
                selection.put("serviceKey", key);
                selection.put("name", service.name());
                selection.put("path", service.path());
                selection.put("matchedField", "name");
                selection.put("score", new BigDecimal("0.90"));
                out.put("serviceSelection", selection);
                Map<String, Object> placeholders = new LinkedHashMap<>();
                catalogue.templatePlaceholders().forEach(name -> placeholders.put(name, "{" + name + "}"));
                out.put("template", Map.of("placeholders", placeholders, "rules", "Each line in order."));
                Map<String, Object> detected = (Map<String, Object>) state.getOrDefault("agency_detect_v1", Map.of());
                out.put("nextStep", "low".equals(detected.get("complexity")) ? "session_end"
                        : "multi_agency_service_answer_v1");
            }
            default -> {
                List<Object> sources = new ArrayList<>();
                StringBuilder text = new StringBuilder("Your request involves " + agencies.size() + " agencies.");
                for (String key : services) {
                    Agency agency = catalogue.agencyOf(key).orElseThrow();
                    Service service = catalogue.service(key).orElseThrow();
                    sources.add(Map.of("agencyId", agency.id(), "serviceKey", key, "path", service.path()));
                    text.append(" Then ").append(service.name()).append(" at the ").append(agency.name()).append('.');
                }
                out.put("assistantReply", text.toString());
                out.put("sourcesUsed", sources);
                out.put("nextStep", "session_end");
            }
        }
        Map<String, Object> telemetry = new LinkedHashMap<>();
        telemetry.put("notes", isReask(request) ? "corrected the output as the violations asked" : null);
        out.put("telemetry", telemetry);
        return CODEC.write(out);
    }

    /** The JSON pointers of the ids in a stage's valid reply (none for the stages whose ids are keys). */
    static java.util.Set<String> idPointers(String stage) {
        return switch (stage) {
            case "agency_detect_v1" -> java.util.Set.of("/judgements/agencyDetected/0",
                    "/judgements/agencyInfo/0/agencyId");
            case "semantic_analysis_v1" -> java.util.Set.of("/semanticAnalysis/agencies/0/agencyId",
                    "/semanticAnalysis/primaryAgency/agencyId");
            case "service_select_v1" -> java.util.Set.of("/serviceSelection/serviceKey");
            case "multi_agency_service_answer_v1" -> java.util.Set.of("/sourcesUsed/0/agencyId",
                    "/sourcesUsed/1/serviceKey");
            default -> java.util.Set.of();
        };
    }

    private Map<String, Object> candidate(String serviceKey, String score) {
        Agency agency = catalogue.agencyOf(serviceKey).orElseThrow();
        String category = catalogue.service(serviceKey).orElseThrow().category();
        return Map.of(category, Map.of("value", agency.dictionary().get(category), "score", new BigDecimal(score)));
    }

    /** The service the last item of {@code chat_context_summary} names, in brackets. */
    private static Optional<String> followedUp(Map<String, Object> input) {
        if (input.get("chat_context_summary") instanceof List<?> items && !items.isEmpty()) {
            Matcher key = KEY_IN_SUMMARY.matcher(String.valueOf(items.get(items.size() - 1)));
            if (key.find()) {
                return Optional.of(key.group(1));
            }
        }
        return Optional.empty();
    }
}
