package dev.keel.examples.services;

import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.WireFormatException;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.Embedder;
import dev.keel.core.spi.Embedding;
import dev.keel.core.spi.IdSource;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.TokenUsage;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The services workflow's stage model when no language model is configured: a classifier, not a language model.
 * It reads each stage's prompt as a model would (the stage from its directive, the question and the earlier
 * stages from the user block) and writes the stage's JSON from the cosine similarity, under an {@link Embedder}
 * (the in-process all-MiniLM-L6-v2 in the example), between the question and the catalogue: each service (its name,
 * overview and applicability summary together; each field alone for {@code matchedField}), each dictionary
 * category, and each agency through its best service. Its outputs go through the same validator as any model's.
 *
 * <ul>
 *   <li><b>Relevance</b> of a cosine {@code c}: {@code 0.50 + (c - }{@value #INQUIRY_THRESHOLD}{@code )}, within 0
 *       and 1, with two decimals (half up): the threshold maps to the contracts' floor of 0.50.</li>
 *   <li><b>Judgement</b>: an inquiry when the best service's cosine reaches {@value #INQUIRY_THRESHOLD}; otherwise
 *       guidance naming the catalogue's agencies.</li>
 *   <li><b>Complexity</b> is high when the best two agencies are close (their cosines differ by at most
 *       {@value #CLOSE_MARGIN}) and both reach {@value #SECOND_AGENCY_THRESHOLD}; then both are detected.</li>
 *   <li><b>Categories</b> score the better of the category's description and its best service; candidates are
 *       those with a relevance of 0.50 or more. The primary agency has the highest sum of candidate scores (the
 *       first listed on a tie).</li>
 *   <li><b>Service</b>: the best service of the agency in the {@code service_index} input; the placeholders are the
 *       catalogue's reply template's. The multi-agency answer adds the best service of each other detected agency
 *       from {@code agency_service_snippets} and names every agency and service it uses in {@code sourcesUsed}.</li>
 * </ul>
 *
 * <p>A question that alone is no inquiry but comes with {@code chat_context_summary} (a follow-up such as "and how
 * much does it cost?") is read as the service the summary's last item names by its key, the turn it follows up.
 *
 * <p>Deterministic for the same embedder and id source. Thread-safe: the catalogue's vectors are computed once, on
 * the first call, and nothing changes after.
 */
public final class EmbeddedStageModel implements LlmBackend {

    /** The id it reports as the backend that answered. */
    public static final String ID = "embedded-minilm-classifier";
    /** The cosine from which a service makes the question an inquiry; relevance 0.50. */
    public static final double INQUIRY_THRESHOLD = 0.30;
    /** The cosine the second agency must reach for a high-complexity request. */
    public static final double SECOND_AGENCY_THRESHOLD = 0.38;
    /** The most the best two agencies' cosines may differ for a high-complexity request. */
    public static final double CLOSE_MARGIN = 0.22;

    private static final List<String> MATCHED_FIELDS = List.of("key", "name", "overview", "applicability_summary");
    private static final String GUIDANCE_EXAMPLES = "for example how to register a new address, renew a driving"
            + " licence or claim child benefit";

    private final Catalogue catalogue;
    private final Embedder embedder;
    private final IdSource responseIds;
    private final JsonCodec codec = JsonCodec.strict();
    /** Service key to the vector of its name, overview and applicability summary together. */
    private final Map<String, Embedding> services = new HashMap<>();
    /** Service key to the vectors of each of {@link #MATCHED_FIELDS}, in that order. */
    private final Map<String, List<Embedding>> fields = new HashMap<>();
    /** Agency id to category key to the vector of the category's description. */
    private final Map<String, Map<String, Embedding>> categories = new HashMap<>();
    /** Whether the three maps above are filled: on the first call. */
    private boolean indexed;

    private EmbeddedStageModel(Catalogue catalogue, Embedder embedder, IdSource responseIds) {
        this.catalogue = catalogue;
        this.embedder = embedder;
        this.responseIds = responseIds;
    }

    /**
     * Embeds the catalogue's texts on the first call: a host whose own model answers every stage never pays for it.
     * Synchronized, so that every call sees the vectors complete.
     */
    private synchronized void indexCatalogue() {
        if (indexed) {
            return;
        }
        List<String> texts = new ArrayList<>();
        for (Agency agency : catalogue.agencies()) {
            for (Service service : agency.services()) {
                texts.add(service.name() + ". " + service.overview() + " " + service.applicabilitySummary());
                texts.add(service.key().replace('_', ' '));
                texts.add(service.name());
                texts.add(service.overview());
                texts.add(service.applicabilitySummary());
            }
            texts.addAll(agency.dictionary().values());
        }
        List<Embedding> vectors = embedder.embed(texts);
        int next = 0;
        for (Agency agency : catalogue.agencies()) {
            for (Service service : agency.services()) {
                services.put(service.key(), vectors.get(next++));
                fields.put(service.key(), List.copyOf(vectors.subList(next, next + MATCHED_FIELDS.size())));
                next += MATCHED_FIELDS.size();
            }
            Map<String, Embedding> byCategory = new HashMap<>();
            for (String category : agency.dictionary().keySet()) {
                byCategory.put(category, vectors.get(next++));
            }
            categories.put(agency.id(), byCategory);
        }
        indexed = true;
    }

    /**
     * The model over {@code catalogue}.
     *
     * @param embedder    the similarity's embedder (the example uses the in-process all-MiniLM-L6-v2)
     * @param responseIds where each output's {@code response_id} comes from
     */
    public static EmbeddedStageModel create(Catalogue catalogue, Embedder embedder, IdSource responseIds) {
        return new EmbeddedStageModel(Objects.requireNonNull(catalogue, "catalogue"),
                Objects.requireNonNull(embedder, "embedder"), Objects.requireNonNull(responseIds, "responseIds"));
    }

    @Override
    public String id() {
        return ID;
    }

    /** The relevance of a cosine, as the stages write scores: two decimals, from 0.00 to 1.00. */
    public static BigDecimal relevance(double cosine) {
        double value = Math.max(0, Math.min(1, 0.5 + cosine - INQUIRY_THRESHOLD));
        return BigDecimal.valueOf(value).setScale(2, RoundingMode.HALF_UP);
    }

    /**
     * Answers one stage prompt.
     *
     * @throws NonRetriableBackendException when the prompt is not a services stage prompt (no known stage in its
     *         directive, no {@code {"input": ...}} user block)
     * @throws dev.keel.core.BackendException when the embedder fails (on the first call, on the catalogue's texts)
     */
    @Override
    public ChatReply chat(ChatRequest request) {
        indexCatalogue();
        String stage = stageOf(request);
        Map<String, Object> input = inputOf(request);
        String question = String.valueOf(input.getOrDefault("user_prompt", ""));
        Map<String, Object> state = object(input.get("cached_state"));
        Map<String, Object> output = new LinkedHashMap<>();
        if (!stage.equals("judgement_v1")) {
            output.put("session_id", state.get("session_id"));
            output.put("response_id", responseIds.nextId());
        }
        output.put("stage", stage);
        Embedding asked = embedder.embed(question);
        if (input.get("chat_context_summary") instanceof List<?> earlier && !earlier.isEmpty()
                && rankedServices(asked, catalogue.agencies()).get(0).cosine() < INQUIRY_THRESHOLD) {
            // A follow-up that names no service of its own ("and how much does it cost?") asks about the service of the
            // turn it follows up, which the summary names by its key in brackets.
            String last = String.valueOf(earlier.get(earlier.size() - 1));
            asked = services.entrySet().stream().filter(service -> last.contains("(" + service.getKey() + ")"))
                    .map(Map.Entry::getValue).findFirst().orElse(asked);
        }
        switch (stage) {
            case "judgement_v1" -> judgement(asked, output);
            case "agency_detect_v1" -> agencyDetect(asked, output);
            case "category_select_v1" -> categorySelect(asked, firstDetected(state), output);
            case "semantic_analysis_v1" -> semanticAnalysis(asked, state, output);
            case "service_select_v1" -> serviceSelect(asked, input, state, output);
            default -> multiAgencyAnswer(asked, input, state, output);
        }
        output.put("telemetry", telemetry(request));
        return ChatReply.builder().text(codec.write(output)).usage(TokenUsage.UNKNOWN).backendId(ID).build();
    }

    // ---- the stages ----

    private void judgement(Embedding asked, Map<String, Object> output) {
        boolean inquiry = rankedServices(asked, catalogue.agencies()).get(0).cosine() >= INQUIRY_THRESHOLD;
        output.put("stageStatus", "ready");
        output.put("judgements", Map.of("inquiry", inquiry));
        output.put("assistantReply", inquiry ? null : "I can help with the government services of the "
                + catalogue.country() + ": " + String.join(", ", catalogue.agencies().stream().map(Agency::name)
                .toList()) + ". Ask me about a service, " + GUIDANCE_EXAMPLES + ".");
        output.put("nextStep", inquiry ? "agency_detect_v1" : "session_end");
    }

    private void agencyDetect(Embedding asked, Map<String, Object> output) {
        List<Scored<Agency>> agencies = new ArrayList<>();
        for (Agency agency : catalogue.agencies()) {
            agencies.add(new Scored<>(agency, rankedServices(asked, List.of(agency)).get(0).cosine()));
        }
        agencies.sort(Comparator.comparingDouble(Scored<Agency>::cosine).reversed());
        Scored<Agency> best = agencies.get(0);
        Scored<Agency> second = agencies.get(1);
        boolean high = second.cosine() >= SECOND_AGENCY_THRESHOLD && best.cosine() - second.cosine() <= CLOSE_MARGIN;
        List<Agency> detected = high ? List.of(best.item(), second.item()) : List.of(best.item());
        Map<String, Object> judgements = new LinkedHashMap<>();
        judgements.put("agencyDetected", detected.stream().map(Agency::id).toList());
        judgements.put("agencyInfo", detected.stream().map(Agency::info).toList());
        judgements.put("agencyCount", detected.size());
        judgements.put("complexity", high ? "high" : "low");
        output.put("judgements", judgements);
        output.put("nextStep", high ? "semantic_analysis_v1" : "category_select_v1");
    }

    private void categorySelect(Embedding asked, Agency agency, Map<String, Object> output) {
        output.put("categorySelection", Map.of("candidates", candidates(asked, agency)));
        output.put("nextStep", "service_select_v1");
    }

    private void semanticAnalysis(Embedding asked, Map<String, Object> state, Map<String, Object> output) {
        List<Object> analysed = new ArrayList<>();
        Agency primary = null;
        BigDecimal highest = null;
        for (Agency agency : detected(state)) {
            Map<String, Object> candidates = candidates(asked, agency);
            BigDecimal total = BigDecimal.ZERO;
            for (Object candidate : candidates.values()) {
                total = total.add((BigDecimal) object(candidate).get("score"));
            }
            if (highest == null || total.compareTo(highest) > 0) {
                highest = total;
                primary = agency;
            }
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("agencyId", agency.id());
            entry.put("agencyName", agency.name());
            entry.put("categorySelection", Map.of("candidates", candidates));
            analysed.add(entry);
        }
        Map<String, Object> analysis = new LinkedHashMap<>();
        analysis.put("agencies", analysed);
        analysis.put("primaryAgency", primary == null ? Map.of()
                : Map.of("agencyId", primary.id(), "reason", "highest cumulative relevance"));
        output.put("semanticAnalysis", analysis);
        output.put("nextStep", "service_select_v1");
    }

    private void serviceSelect(Embedding asked, Map<String, Object> input, Map<String, Object> state,
                               Map<String, Object> output) {
        Agency agency = agencyOfSlot(input.get(ServicesContracts.SERVICE_INDEX)).orElseGet(() -> firstDetected(state));
        Scored<Service> best = rankedServices(asked, List.of(agency)).get(0);
        Service service = best.item();
        Map<String, Object> selection = new LinkedHashMap<>();
        selection.put("serviceKey", service.key());
        selection.put("name", service.name());
        selection.put("path", service.path());
        selection.put("matchedField", matchedField(asked, service));
        selection.put("score", relevance(best.cosine()));
        output.put("serviceSelection", selection);
        Map<String, Object> placeholders = new LinkedHashMap<>();
        catalogue.templatePlaceholders().forEach(name -> placeholders.put(name, "{" + name + "}"));
        output.put("template", Map.of("placeholders", placeholders,
                "rules", "One line each, in order, with every placeholder filled from the catalogue: "
                        + String.join(" / ", catalogue.replyTemplate())));
        Object count = object(state.get("agency_detect_v1")).get("agencyCount");
        boolean single = "low".equals(object(state.get("agency_detect_v1")).get("complexity"))
                || (count instanceof Number && ((Number) count).intValue() == 1);
        output.put("nextStep", single ? "session_end" : "multi_agency_service_answer_v1");
    }

    private void multiAgencyAnswer(Embedding asked, Map<String, Object> input, Map<String, Object> state,
                                   Map<String, Object> output) {
        Map<String, Object> selection = object(object(state.get("service_select_v1")).get("serviceSelection"));
        List<Map<String, Object>> sources = new ArrayList<>();
        List<String> steps = new ArrayList<>();
        catalogue.service(String.valueOf(selection.get("serviceKey"))).ifPresent(service ->
                addSource(catalogue.agencyOf(service.key()).orElseThrow(), service, sources, steps));
        Object snippets = input.get("agency_service_snippets");
        if (snippets instanceof List) {
            for (Object snippet : (List<?>) snippets) {
                agencyOfSlot(snippet).filter(agency -> sources.stream().noneMatch(s -> agency.id().equals(s.get("agencyId"))))
                        .ifPresent(agency -> addSource(agency, rankedServices(asked, List.of(agency)).get(0).item(),
                                sources, steps));
            }
        }
        StringBuilder reply = new StringBuilder("Your request involves " + sources.size() + " agencies.");
        for (int i = 0; i < steps.size(); i++) {
            reply.append(' ').append(i == 0 ? "First, " : i == steps.size() - 1 ? "Then, " : "Next, ").append(steps.get(i));
        }
        output.put("assistantReply", reply.toString());
        output.put("sourcesUsed", sources);
        output.put("nextStep", "session_end");
    }

    private static void addSource(Agency agency, Service service, List<Map<String, Object>> sources, List<String> steps) {
        Map<String, Object> source = new LinkedHashMap<>();
        source.put("agencyId", agency.id());
        source.put("serviceKey", service.key());
        source.put("path", service.path());
        sources.add(source);
        steps.add("use " + service.name() + " at the " + agency.name() + " (" + service.path() + ").");
    }

    // ---- similarity ----

    /** The services of {@code agencies}, best first. */
    private List<Scored<Service>> rankedServices(Embedding asked, List<Agency> agencies) {
        List<Scored<Service>> ranked = new ArrayList<>();
        for (Agency agency : agencies) {
            for (Service service : agency.services()) {
                ranked.add(new Scored<>(service, asked.cosineSimilarity(services.get(service.key()))));
            }
        }
        ranked.sort(Comparator.comparingDouble(Scored<Service>::cosine).reversed());
        return ranked;
    }

    /** The agency's categories with a relevance of 0.50 or more, best first. */
    private Map<String, Object> candidates(Embedding asked, Agency agency) {
        List<Scored<String>> ranked = new ArrayList<>();
        for (Map.Entry<String, Embedding> category : categories.get(agency.id()).entrySet()) {
            double cosine = asked.cosineSimilarity(category.getValue());
            for (Service service : agency.servicesIn(category.getKey())) {
                cosine = Math.max(cosine, asked.cosineSimilarity(services.get(service.key())));
            }
            ranked.add(new Scored<>(category.getKey(), cosine));
        }
        ranked.sort(Comparator.comparingDouble(Scored<String>::cosine).reversed());
        Map<String, Object> candidates = new LinkedHashMap<>();
        for (Scored<String> category : ranked) {
            BigDecimal score = relevance(category.cosine());
            if (score.compareTo(new BigDecimal("0.50")) >= 0) {
                Map<String, Object> candidate = new LinkedHashMap<>();
                candidate.put("value", agency.dictionary().get(category.item()));
                candidate.put("score", score);
                candidates.put(category.item(), candidate);
            }
        }
        return candidates;
    }

    private String matchedField(Embedding asked, Service service) {
        List<Embedding> vectors = fields.get(service.key());
        int best = 0;
        for (int i = 1; i < vectors.size(); i++) {
            if (asked.cosineSimilarity(vectors.get(i)) > asked.cosineSimilarity(vectors.get(best))) {
                best = i;
            }
        }
        return MATCHED_FIELDS.get(best);
    }

    // ---- reading the prompt ----

    /** The stage whose directive the request carries: the one whose envelope {@code "stage": "<id>"} it names. */
    private static String stageOf(ChatRequest request) {
        for (ChatMessage message : request.messages()) {
            if (message.role() != ChatRole.SYSTEM) {
                continue;
            }
            for (String id : ServicesContracts.IDS) {
                if (message.text().contains("\"stage\": \"" + id + "\"")) {
                    return id;
                }
            }
        }
        throw new NonRetriableBackendException(ID, "the prompt names no stage of the services workflow", null);
    }

    /** The first user message's {@code input} object: the stage's input slots. */
    private Map<String, Object> inputOf(ChatRequest request) {
        for (ChatMessage message : request.messages()) {
            if (message.role() == ChatRole.USER) {
                try {
                    Object input = codec.parseObject(message.text()).get("input");
                    if (input instanceof Map) {
                        return object(input);
                    }
                } catch (WireFormatException e) {
                    break;
                }
                break;
            }
        }
        throw new NonRetriableBackendException(ID, "the prompt has no {\"input\": ...} user block", null);
    }

    private static Map<String, Object> telemetry(ChatRequest request) {
        boolean reask = request.messages().stream().anyMatch(message -> message.role() == ChatRole.ASSISTANT);
        Map<String, Object> telemetry = new LinkedHashMap<>();
        // A classifier cannot correct itself: asked again, it says so, and its output is judged again.
        telemetry.put("notes", reask ? "recomputed by the embedded classifier; it has no other answer" : null);
        return telemetry;
    }

    private List<Agency> detected(Map<String, Object> state) {
        Object ids = object(state.get("agency_detect_v1")).get("agencyDetected");
        List<Agency> agencies = new ArrayList<>();
        if (ids instanceof List) {
            for (Object id : (List<?>) ids) {
                catalogue.agency(String.valueOf(id)).ifPresent(agencies::add);
            }
        }
        return agencies;
    }

    private Agency firstDetected(Map<String, Object> state) {
        List<Agency> agencies = detected(state);
        return agencies.isEmpty() ? catalogue.agencies().get(0) : agencies.get(0);
    }

    private Optional<Agency> agencyOfSlot(Object slot) {
        return catalogue.agency(String.valueOf(object(slot).get("agencyId")));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Object value) {
        return value instanceof Map ? (Map<String, Object>) value : Map.of();
    }

    /** An item and its cosine with the question. */
    private record Scored<T>(T item, double cosine) {
    }
}
