package dev.keel.examples.services;

import dev.keel.core.InvalidContractException;
import dev.keel.core.json.JsonCodec;
import dev.keel.stage.InputSlot;
import dev.keel.stage.StageContract;
import dev.keel.stage.StageContracts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The government-services assistant's workflow as stage contracts: the persona block, judgement, agency detection,
 * the low branch (category selection) or the high branch (semantic analysis), service selection, the multi-agency
 * answer, and the session end. They ship as JSON resources of this module ({@code contracts/<id>.json}); the
 * protocol is described in {@code docs/stage-runtime.md}.
 *
 * <p>{@link #all()} is the workflow as shipped, for any catalogue. {@link #forCatalogue} binds it to one catalogue,
 * as the assistant runs it: agency detection is given the catalogue's agencies ({@value #AGENCY_CATALOG}), every
 * id a stage returns (an agency, a service, a dictionary category) must be one the catalogue knows, and the stages
 * that select something also read the earlier turns ({@code chat_context_summary}) and the runtime directive. An
 * unknown id is then a contract violation, asked again like any other, never a lookup that fails later.
 *
 * <p>Immutable and thread-safe.
 */
public final class ServicesContracts {

    /** The stage ids, in topology order. */
    public static final List<String> IDS = List.of("base_system", "judgement_v1", "agency_detect_v1",
            "category_select_v1", "semantic_analysis_v1", "service_select_v1", "multi_agency_service_answer_v1",
            StageContract.SESSION_END);
    /** The input slot of the selected agency's category dictionary. */
    public static final String KNOWLEDGE_BASE_DICTIONARY = "KnowledgeBase_Dictionary";
    /** The input slot of the selected agency's service index. */
    public static final String SERVICE_INDEX = "service_index";
    /** The input slot of the other detected agencies' service indexes, for the multi-agency answer. */
    public static final String AGENCY_SERVICE_SNIPPETS = "agency_service_snippets";
    /** The input slot of the catalogue's agencies (agencyId, name, path, description), for agency detection. */
    public static final String AGENCY_CATALOG = "agency_catalog";

    /** The stages that select something: each reads the earlier turns and the runtime directive. */
    private static final List<String> SELECTING = List.of("agency_detect_v1", "category_select_v1",
            "semantic_analysis_v1", "service_select_v1", "multi_agency_service_answer_v1");
    private static final String CONTEXT_LINE = "- input.chat_context_summary, when given, summarises the earlier turns"
            + " of this conversation: a question that names no service of its own follows up the last one there.";

    private static final StageContracts CONTRACTS = StageContracts.fromResources(ServicesContracts.class,
            "/dev/keel/examples/services/contracts/", IDS);
    private static final JsonCodec CODEC = JsonCodec.strict();

    private ServicesContracts() {
    }

    /** The workflow's contracts as shipped, in topology order, bound to no catalogue. */
    public static StageContracts all() {
        return CONTRACTS;
    }

    /**
     * The workflow bound to {@code catalogue}: agency detection reads {@value #AGENCY_CATALOG} (required), and the
     * ids of the output are checked against the catalogue:
     * <ul>
     *   <li>{@code agency_detect_v1}: every {@code agencyDetected} item and {@code agencyInfo[].agencyId} is an
     *       agency id of the catalogue;</li>
     *   <li>{@code category_select_v1}: the candidates' keys are categories of the detected agency's dictionary
     *       (the agency the host gives the dictionary of);</li>
     *   <li>{@code semantic_analysis_v1}: each analysed agency is the catalogue's, and its candidates' keys are
     *       categories of that agency;</li>
     *   <li>{@code service_select_v1}: {@code serviceKey} is a service of the catalogue;</li>
     *   <li>{@code multi_agency_service_answer_v1}: each source's {@code agencyId} and {@code serviceKey} are the
     *       catalogue's.</li>
     * </ul>
     * The stages after judgement also read {@code chat_context_summary} and {@code runtime_directive} (both
     * optional).
     */
    public static StageContracts forCatalogue(Catalogue catalogue) {
        Objects.requireNonNull(catalogue, "catalogue");
        List<String> agencyIds = catalogue.agencies().stream().map(Agency::id).toList();
        List<String> serviceKeys = catalogue.agencies().stream()
                .flatMap(agency -> agency.services().stream().map(Service::key)).toList();
        List<StageContract> bound = new ArrayList<>();
        for (StageContract contract : CONTRACTS.contracts()) {
            Map<String, Object> tree = mutable(CODEC.parseObject(contract.toJson()));
            switch (contract.id()) {
                case "agency_detect_v1" -> {
                    addInput(tree, AGENCY_CATALOG, true);
                    addDirective(tree, "- Choose agencies only from input." + AGENCY_CATALOG + ": agencyDetected lists"
                            + " their agencyId values, agencyInfo copies their entries. No other agency exists.");
                    restrict(tree, "/output/properties/judgements/properties/agencyDetected/items", agencyIds);
                    restrict(tree, "/output/properties/judgements/properties/agencyInfo/items/properties/agencyId",
                            agencyIds);
                }
                case "category_select_v1" -> {
                    addDirective(tree, "- Use only the category keys of input." + KNOWLEDGE_BASE_DICTIONARY + ".");
                    for (Agency agency : catalogue.agencies()) {
                        rules(tree).add(categoriesOf(agency, "state", "/agency_detect_v1/agencyDetected/0",
                                "/categorySelection/candidates"));
                    }
                }
                case "semantic_analysis_v1" -> {
                    addDirective(tree, "- Use only the agencies and category keys of input."
                            + KNOWLEDGE_BASE_DICTIONARY + ".");
                    restrict(tree, "/output/properties/semanticAnalysis/properties/agencies/items/properties/agencyId",
                            agencyIds);
                    // unique agencies of the catalogue: at most as many items as it has agencies
                    for (int i = 0; i < agencyIds.size(); i++) {
                        for (Agency agency : catalogue.agencies()) {
                            rules(tree).add(categoriesOf(agency, "output", "/semanticAnalysis/agencies/" + i
                                    + "/agencyId", "/semanticAnalysis/agencies/" + i + "/categorySelection/candidates"));
                        }
                    }
                }
                case "service_select_v1" -> {
                    addDirective(tree, "- serviceKey is the key of a service in input." + SERVICE_INDEX + ".");
                    restrict(tree, "/output/properties/serviceSelection/properties/serviceKey", serviceKeys);
                }
                case "multi_agency_service_answer_v1" -> {
                    addDirective(tree, "- sourcesUsed names agencies and services of input." + SERVICE_INDEX
                            + " and input." + AGENCY_SERVICE_SNIPPETS + " only, by agencyId and key.");
                    restrict(tree, "/output/properties/sourcesUsed/items/properties/agencyId", agencyIds);
                    restrict(tree, "/output/properties/sourcesUsed/items/properties/serviceKey", serviceKeys);
                }
                default -> {
                    bound.add(contract);
                    continue;
                }
            }
            addInput(tree, InputSlot.CHAT_CONTEXT_SUMMARY, false);
            addInput(tree, InputSlot.RUNTIME_DIRECTIVE, false);
            addDirective(tree, CONTEXT_LINE);
            bound.add(StageContract.fromTree(tree));
        }
        return StageContracts.of(bound);
    }

    /** A rule: when the agency at {@code agencyPointer} is {@code agency}, the keys at {@code candidates} are its categories. */
    private static Map<String, Object> categoriesOf(Agency agency, String source, String agencyPointer,
                                                    String candidates) {
        Map<String, Object> properties = new LinkedHashMap<>();
        agency.dictionary().keySet().forEach(key -> properties.put(key, Map.of("type", "any")));
        Map<String, Object> rule = new LinkedHashMap<>();
        rule.put("rule", "when");
        rule.put("if", Map.of(source, agencyPointer, "equals", agency.id()));
        rule.put("path", candidates);
        rule.put("shape", Map.of("type", "object", "properties", properties, "required", List.of()));
        return rule;
    }

    /** The string shape at {@code pointer} of the contract document accepts only {@code values}. */
    private static void restrict(Map<String, Object> tree, String pointer, List<String> values) {
        Map<String, Object> node = tree;
        for (String token : pointer.substring(1).split("/")) {
            node = object(node.get(token), pointer);
        }
        node.put("enum", values);
    }

    private static void addInput(Map<String, Object> tree, String slot, boolean required) {
        List<Object> inputs = list(tree, "inputs");
        if (inputs.stream().noneMatch(input -> slot.equals(((Map<?, ?>) input).get("slot")))) {
            inputs.add(Map.of("slot", slot, "required", required));
        }
    }

    private static void addDirective(Map<String, Object> tree, String line) {
        Object directive = tree.get("directive");
        if (directive instanceof List<?> lines) {
            List<Object> more = new ArrayList<>(lines);
            more.add(line);
            tree.put("directive", more);
        } else {
            tree.put("directive", (directive == null ? "" : directive + "\n") + line);
        }
    }

    private static List<Object> rules(Map<String, Object> tree) {
        return list(tree, "rules");
    }

    private static List<Object> list(Map<String, Object> tree, String key) {
        if (!(tree.get(key) instanceof List)) {
            tree.put(key, new ArrayList<>());
        }
        @SuppressWarnings("unchecked")
        List<Object> items = (List<Object>) tree.get(key);
        return items;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Object node, String pointer) {
        if (!(node instanceof Map)) {
            throw new InvalidContractException(pointer + ": the shipped contract has no shape here to bind");
        }
        return (Map<String, Object>) node;
    }

    /** A deep copy of a parsed tree, in maps and lists that can be changed. */
    @SuppressWarnings("unchecked")
    private static <T> T mutable(T node) {
        if (node instanceof Map<?, ?> map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            map.forEach((key, value) -> copy.put((String) key, mutable(value)));
            return (T) copy;
        }
        if (node instanceof List<?> items) {
            List<Object> copy = new ArrayList<>();
            items.forEach(item -> copy.add(mutable(item)));
            return (T) copy;
        }
        return node;
    }
}
