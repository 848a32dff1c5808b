package dev.keel.examples.services;

import dev.keel.core.InvalidInputException;
import dev.keel.core.io.TextSources;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonProblem;
import dev.keel.core.json.JsonTreeReader;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
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
 * <p>Reading is strict: unknown keys, wrong types, repeated ids, a service in a category its agency's dictionary
 * lacks and a placeholder the template cannot fill are all named at once, each with its JSON pointer, in one
 * {@link InvalidInputException} (code {@value #INVALID_CATALOGUE}). Immutable and thread-safe.
 */
public final class Catalogue {

    /** The code of the exception a malformed catalogue is refused with. */
    public static final String INVALID_CATALOGUE = "invalid_catalogue";
    /** The shipped catalogue's resource name, next to this class. */
    public static final String SHIPPED = "catalogue.json";
    /** The placeholders a reply template may use, each filled from the selected service and its agency. */
    public static final List<String> PLACEHOLDERS = List.of("service_name", "agency_name", "agency_path",
            "service_path", "overview", "applicability_summary", "documents", "fee", "processing_time");

    private static final Pattern ID = Pattern.compile("[a-z][a-z0-9_]*");
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
        return JsonTreeReader.read(JsonCodec.strict().parse(json), Catalogue::readRoot,
                problems -> new InvalidInputException(INVALID_CATALOGUE,
                        JsonProblem.describe("invalid catalogue " + source, problems)));
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

    // ---- reading ----

    private static Catalogue readRoot(Value root) {
        ObjectValue document = root.object("country", "currency", "reply_template", "agencies");
        String country = document.required("country").nonBlankString();
        document.optional("currency").nonBlankString();
        Value templateValue = document.required("reply_template");
        List<String> template = templateValue.list(line -> {
            String text = line.nonBlankString();
            if (text != null) {
                for (String name : placeholdersIn(text)) {
                    if (!PLACEHOLDERS.contains(name)) {
                        line.problem("unknown placeholder {" + name + "}; known: " + PLACEHOLDERS);
                    }
                }
            }
            return text;
        });
        if (template != null && template.isEmpty()) {
            templateValue.problem("must have at least one line");
        }
        Value agenciesValue = document.required("agencies");
        Set<String> agencyIds = new HashSet<>();
        Set<String> serviceKeys = new HashSet<>();
        List<Agency> agencies = agenciesValue.list(item -> readAgency(item, agencyIds, serviceKeys));
        if (agencies != null && agencies.isEmpty()) {
            agenciesValue.problem("must list at least one agency");
        }
        return document.build(() -> new Catalogue(country, template, agencies));
    }

    private static Agency readAgency(Value item, Set<String> agencyIds, Set<String> serviceKeys) {
        ObjectValue node = item.object("id", "name", "path", "description", "dictionary", "services");
        Value idValue = node.required("id");
        String id = identifier(idValue);
        if (id != null && !agencyIds.add(id)) {
            idValue.problem("agency '" + id + "' is listed twice");
        }
        String name = node.required("name").nonBlankString();
        String path = node.required("path").nonBlankString();
        String description = node.required("description").nonBlankString();
        Value dictionaryValue = node.required("dictionary");
        Map<String, String> dictionary = dictionaryValue.map(Value::nonBlankString);
        if (dictionary != null && dictionary.isEmpty()) {
            dictionaryValue.problem("must name at least one category");
        }
        Value servicesValue = node.required("services");
        List<Service> services = servicesValue.list(service -> readService(service, dictionary, serviceKeys));
        if (services != null && services.isEmpty()) {
            servicesValue.problem("must list at least one service");
        }
        return node.build(() -> new Agency(id, name, path, description, dictionary, services));
    }

    private static Service readService(Value item, Map<String, String> dictionary, Set<String> serviceKeys) {
        ObjectValue node = item.object("key", "name", "category", "path", "overview", "applicability_summary",
                "documents", "fee", "processing_time");
        Value keyValue = node.required("key");
        String key = identifier(keyValue);
        if (key != null && !serviceKeys.add(key)) {
            keyValue.problem("service '" + key + "' is listed twice");
        }
        String name = node.required("name").nonBlankString();
        Value categoryValue = node.required("category");
        String category = categoryValue.nonBlankString();
        if (category != null && dictionary != null && !dictionary.containsKey(category)) {
            categoryValue.problem("category '" + category + "' is not in the agency's dictionary; known: "
                    + dictionary.keySet());
        }
        String path = node.required("path").nonBlankString();
        String overview = node.required("overview").nonBlankString();
        String applicability = node.required("applicability_summary").nonBlankString();
        Value documentsValue = node.required("documents");
        List<String> documents = documentsValue.list(Value::nonBlankString);
        if (documents != null && documents.isEmpty()) {
            documentsValue.problem("must list at least one document");
        }
        String fee = node.required("fee").nonBlankString();
        String processingTime = node.required("processing_time").nonBlankString();
        return node.build(() -> new Service(key, name, category, path, overview, applicability, documents, fee,
                processingTime));
    }

    private static String identifier(Value value) {
        String id = value.string();
        if (id != null && !ID.matcher(id).matches()) {
            value.problem("must be lower-case letters, digits and '_', starting with a letter, found '" + id + "'");
            return null;
        }
        return id;
    }
}
