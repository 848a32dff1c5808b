package dev.keel.examples.services;

import dev.keel.core.InvalidInputException;
import dev.keel.core.io.TextSources;
import dev.keel.core.json.DocumentFormat;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonProblem;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The government-services catalogue of one country: its agencies, each with a KnowledgeBase dictionary of
 * categories and a service index, and the reply template whose placeholders are filled from a service's entry.
 * The shipped catalogue ({@link #shipped()}) describes the invented Republic of Kestria; its JSON form and schema
 * ({@code schema/catalogue.schema.json} in this module) are described in {@code docs/services-example.md}.
 *
 * <p>Reading is strict: the schema ({@value #SCHEMA}) validates a catalogue, naming every problem at once (unknown
 * keys, wrong types, a placeholder the template cannot fill, its keyword {@code knownPlaceholders}), each with its
 * JSON pointer, in one {@link InvalidInputException} (code {@value #INVALID_CATALOGUE}); a catalogue it accepts
 * binds to {@link CatalogueSpec}, then repeated ids and keys and a service in a category its agency's dictionary
 * lacks are named the same way. Immutable and thread-safe.
 */
public final class Catalogue {

    /** The code of the exception a malformed catalogue is refused with. */
    public static final String INVALID_CATALOGUE = "invalid_catalogue";
    /** The shipped catalogue's resource name, next to this class. */
    public static final String SHIPPED = "catalogue.json";
    /** The placeholders a reply template may use, each filled from the selected service and its agency. */
    public static final List<String> PLACEHOLDERS = List.of("service_name", "agency_name", "agency_path",
            "service_path", "overview", "applicability_summary", "documents", "fee", "processing_time");

    /** The catalogue's JSON Schema on the class path, also named by the shipped catalogue for editors. */
    public static final String SCHEMA = "dev/keel/examples/services/schema/catalogue.schema.json";

    private static final DocumentFormat<CatalogueSpec> FORMAT = DocumentFormat.builder(CatalogueSpec.class, SCHEMA)
            .stringKeyword("knownPlaceholders", Catalogue::unknownPlaceholders)
            .check(Catalogue::crossMemberProblems)
            .build();
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z0-9_]+)}");
    private static final Catalogue SHIPPED_CATALOGUE = read(SHIPPED, TextSources.readResource(
            Catalogue.class.getClassLoader(), "dev/keel/examples/services/" + SHIPPED));

    private final String country;
    private final List<String> replyTemplate;
    private final List<Agency> agencies;
    private final Map<String, Agency> agencyById;
    private final Map<String, Agency> agencyByService;

    private Catalogue(String country, List<String> replyTemplate, List<Agency> agencies) {
        this.country = country;
        this.replyTemplate = List.copyOf(replyTemplate);
        this.agencies = List.copyOf(agencies);
        Map<String, Agency> byId = new LinkedHashMap<>();
        Map<String, Agency> byService = new HashMap<>();
        for (Agency agency : agencies) {
            byId.put(agency.id(), agency);
            agency.services().forEach(service -> byService.put(service.key(), agency));
        }
        this.agencyById = Map.copyOf(byId);
        this.agencyByService = Map.copyOf(byService);
    }

    /** The catalogue shipped with the example (the Republic of Kestria), read and checked once. */
    public static Catalogue shipped() {
        return SHIPPED_CATALOGUE;
    }

    /**
     * Reads a catalogue from its JSON form.
     *
     * @param source names the document in the exception's message (a file name)
     * @throws InvalidInputException ({@value #INVALID_CATALOGUE}) naming every problem with its JSON pointer, or
     *         ({@code json_*}) when the text is not strict JSON
     */
    public static Catalogue read(String source, String json) {
        Objects.requireNonNull(source, "source");
        CatalogueSpec spec = FORMAT.read(JsonCodec.strict().parse(json), "", problems -> new InvalidInputException(
                INVALID_CATALOGUE, JsonProblem.describe("invalid catalogue " + source, problems)));
        return new Catalogue(spec.country(), spec.replyTemplate(), spec.agencies());
    }

    public String country() {
        return country;
    }

    /** The reply template's lines, each with placeholders such as {@code {service_name}}. */
    public List<String> replyTemplate() {
        return replyTemplate;
    }

    /** The placeholders the reply template uses, in order of first use. */
    public List<String> templatePlaceholders() {
        List<String> names = new ArrayList<>();
        for (String line : replyTemplate) {
            for (String name : placeholdersIn(line)) {
                if (!names.contains(name)) {
                    names.add(name);
                }
            }
        }
        return names;
    }

    public List<Agency> agencies() {
        return agencies;
    }

    public Optional<Agency> agency(String id) {
        return Optional.ofNullable(agencyById.get(id));
    }

    /** The agency that offers the service {@code key}. */
    public Optional<Agency> agencyOf(String serviceKey) {
        return Optional.ofNullable(agencyByService.get(serviceKey));
    }

    /** The service {@code key}, of any agency. */
    public Optional<Service> service(String key) {
        return agencyOf(key).flatMap(agency -> agency.service(key));
    }

    /** The placeholders' values for {@code service} of {@code agency}: every name of {@link #PLACEHOLDERS}. */
    public static Map<String, String> values(Agency agency, Service service) {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("service_name", service.name());
        values.put("agency_name", agency.name());
        values.put("agency_path", agency.path());
        values.put("service_path", service.path());
        values.put("overview", service.overview());
        values.put("applicability_summary", service.applicabilitySummary());
        values.put("documents", String.join(", ", service.documents()));
        values.put("fee", service.fee());
        values.put("processing_time", service.processingTime());
        return values;
    }

    /** The placeholder names {@code line} uses, in order. */
    static List<String> placeholdersIn(String line) {
        List<String> names = new ArrayList<>();
        Matcher matcher = PLACEHOLDER.matcher(line);
        while (matcher.find()) {
            names.add(matcher.group(1));
        }
        return names;
    }

    /** Where the schema and {@link CatalogueSpec} disagree on members; empty when they agree (a test holds them so). */
    static List<String> mismatches() {
        return FORMAT.mismatches();
    }

    // ---- reading ----

    private static Optional<String> unknownPlaceholders(String line) {
        List<String> unknown = placeholdersIn(line).stream().filter(name -> !PLACEHOLDERS.contains(name))
                .map(name -> "{" + name + "}").distinct().toList();
        return unknown.isEmpty() ? Optional.empty() : Optional.of("unknown placeholder"
                + (unknown.size() == 1 ? " " : "s ") + String.join(", ", unknown) + "; known: " + PLACEHOLDERS);
    }

    // Stages find an agency by id and a service by key across the catalogue, and a service by its agency's category.
    private static List<JsonProblem> crossMemberProblems(CatalogueSpec spec) {
        List<JsonProblem> problems = new ArrayList<>();
        Set<String> agencyIds = new HashSet<>();
        Set<String> serviceKeys = new HashSet<>();
        for (int a = 0; a < spec.agencies().size(); a++) {
            Agency agency = spec.agencies().get(a);
            String at = "/agencies/" + a;
            if (!agencyIds.add(agency.id())) {
                problems.add(new JsonProblem(at + "/id", "agency '" + agency.id() + "' is listed twice"));
            }
            for (int i = 0; i < agency.services().size(); i++) {
                Service service = agency.services().get(i);
                if (!serviceKeys.add(service.key())) {
                    problems.add(new JsonProblem(at + "/services/" + i + "/key", "service '" + service.key()
                            + "' is listed twice"));
                }
                if (!agency.dictionary().containsKey(service.category())) {
                    problems.add(new JsonProblem(at + "/services/" + i + "/category", "category '"
                            + service.category() + "' is not in the agency's dictionary; known: "
                            + agency.dictionary().keySet()));
                }
            }
        }
        return problems;
    }
}
