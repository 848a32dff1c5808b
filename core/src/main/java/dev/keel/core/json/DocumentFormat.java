package dev.keel.core.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * One JSON document format, defined once: the JSON Schema shipped in the jar is the validator, and a valid document
 * binds to a record whose components are the schema's members (snake_case on the wire, camelCase in Java).
 *
 * <p>Reading a document ({@link #read}) validates the tree {@link JsonCodec} parsed against the schema, reporting
 * <em>every</em> problem with the JSON pointer of the offending value in words for the document's author (a
 * member's {@code "message"} in the schema overrides the default wording of a keyword there, {@code {value}} in it
 * standing for the offending value); binds the tree to the
 * record (strictly: no unknown member, no coercion of a string into a number or of null into a primitive); then runs
 * the format's cross-member checks on the record (a rule JSON Schema cannot express, such as ids unique across the
 * entries of a list), each reporting by pointer too. A {@code $schema} member at the root is accepted (the schema
 * must declare it) and left out of the binding. Rules on single strings that JSON Schema cannot state (a pattern
 * that must compile on a linear-time engine, say) are custom keywords, given to {@link Builder#stringKeyword}.
 * Writing ({@link #write}) turns a record back into a plain tree through the same binding, members that are null
 * left out.
 *
 * <p>The schema is read and compiled once, when the format is built; patterns in it run on RE2/J, in time linear in
 * the text. One instance per format, held in a constant. Immutable and thread-safe; reading and writing are pure.
 *
 * @param <T> the record a document binds to
 */
public final class DocumentFormat<T> {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            // The schema has checked that an integer member holds an integer: 7.0 is one, and binds as 7.
            .enable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .serializationInclusion(JsonInclude.Include.NON_NULL)
            .build();

    private static final PropertyNamingStrategies.NamingBase SNAKE_CASE =
            (PropertyNamingStrategies.NamingBase) PropertyNamingStrategies.SNAKE_CASE;

    private final Class<T> type;
    private final SchemaValidator validator;
    private final List<Function<T, List<JsonProblem>>> checks;

    private DocumentFormat(Builder<T> builder) {
        this.type = builder.type;
        ClassLoader loader = builder.type.getClassLoader();
        this.validator = new SchemaValidator(builder.schemaResource,
                loader != null ? loader : DocumentFormat.class.getClassLoader(), Map.copyOf(builder.keywords));
        this.checks = List.copyOf(builder.checks);
    }

    /**
     * A format whose documents follow the JSON Schema at {@code schemaResource} (a class path location, such as
     * {@code dev/keel/policy/schema/policy-document.schema.json}, read with {@code type}'s class loader) and bind to
     * {@code type}.
     */
    public static <T> Builder<T> builder(Class<T> type, String schemaResource) {
        return new Builder<>(type, schemaResource);
    }

    /**
     * Reads a document given as a plain tree: validated against the schema, bound to the record, checked.
     *
     * @param pointer where the document stands in a larger tree ({@code ""} for a document of its own); every
     *                problem's pointer starts there
     * @param failure makes the exception thrown of the problems, sorted by pointer
     * @throws X when the document is not valid
     */
    public <X extends RuntimeException> T read(@Nullable Object tree, String pointer,
            Function<List<JsonProblem>, X> failure) {
        List<JsonProblem> problems = validator.validate(tree, "", pointer);
        if (!problems.isEmpty()) {
            throw failure.apply(problems);
        }
        T value = bind(tree, pointer, failure);
        problems = check(value, pointer);
        if (!problems.isEmpty()) {
            throw failure.apply(problems);
        }
        return value;
    }

    /**
     * Every problem in a record built in code, written and validated as a document would be (then the cross-member
     * checks), sorted by pointer; empty when it is valid.
     */
    public List<JsonProblem> problems(T value) {
        List<JsonProblem> problems = validator.validate(write(value), "", "");
        return problems.isEmpty() ? check(value, "") : problems;
    }

    /**
     * Every problem the schema finds in {@code tree} read as the part of a document at {@code schemaPointer} in the
     * schema ({@code /properties/domain_rules}, say): for parts of a document given in code. The cross-member checks
     * are not run.
     *
     * @param pointer where the part stands in a document ({@code /domain_rules}), for the problems' pointers
     */
    public List<JsonProblem> problems(Object tree, String schemaPointer, String pointer) {
        return validator.validate(Objects.requireNonNull(plain(Objects.requireNonNull(tree, "tree"))), schemaPointer,
                pointer);
    }

    /** The record as a plain tree in the wire format, members that are null left out, in declaration order. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> write(T value) {
        return (Map<String, Object>) Objects.requireNonNull(plain(Objects.requireNonNull(value, "value")));
    }

    /**
     * Where the schema and the record disagree on members, one line each ({@code /roles/*: default_decision is in
     * the schema, not in Role}); empty when every member the schema declares (but {@code $schema}) is a component
     * of the record (named by its {@code @JsonProperty}, or the snake_case of its name), and every component a
     * member, all the way down through records, lists and maps. A format's
     * test asserts that this is empty, so that a member is added in the two places together.
     */
    public List<String> mismatches() {
        return validator.mismatches(type, SNAKE_CASE::translate);
    }

    private static @Nullable Object plain(@Nullable Object value) {
        return value == null ? null : MAPPER.convertValue(value, Object.class);
    }

    private <X extends RuntimeException> T bind(@Nullable Object tree, String pointer, Function<List<JsonProblem>, X> failure) {
        Object bound = tree;
        if (tree instanceof Map && ((Map<?, ?>) tree).containsKey("$schema")) {
            Map<Object, Object> withoutSchema = new LinkedHashMap<>((Map<?, ?>) tree);
            withoutSchema.remove("$schema");
            bound = withoutSchema;
        }
        try {
            return MAPPER.convertValue(bound, type);
        } catch (IllegalArgumentException e) {
            // The schema and the record disagree: a fault of the format, reported where it shows.
            String at = e.getCause() instanceof JsonMappingException
                    ? pointer(((JsonMappingException) e.getCause()).getPath()) : "";
            throw failure.apply(List.of(new JsonProblem(pointer + at, "cannot be read (the value passes the format's"
                    + " schema but does not fit its record)")));
        }
    }

    private List<JsonProblem> check(T value, String pointer) {
        List<JsonProblem> problems = new ArrayList<>();
        for (Function<T, List<JsonProblem>> check : checks) {
            for (JsonProblem problem : check.apply(value)) {
                problems.add(new JsonProblem(pointer + problem.pointer(), problem.message()));
            }
        }
        return sorted(problems);
    }

    /** The problems sorted by pointer, then message, each once. */
    static List<JsonProblem> sorted(List<JsonProblem> problems) {
        List<JsonProblem> sorted = new ArrayList<>(new LinkedHashSet<>(problems));
        sorted.sort(Comparator.comparing(JsonProblem::pointer).thenComparing(JsonProblem::message));
        return List.copyOf(sorted);
    }

    private static String pointer(List<JsonMappingException.Reference> path) {
        StringBuilder pointer = new StringBuilder();
        for (JsonMappingException.Reference reference : path) {
            pointer.append('/').append(reference.getFieldName() != null
                    ? JsonPointers.escape(reference.getFieldName()) : Integer.toString(reference.getIndex()));
        }
        return pointer.toString();
    }

    /** Assembles a format. Not thread-safe. */
    public static final class Builder<T> {
        private final Class<T> type;
        private final String schemaResource;
        private final Map<String, Function<String, Optional<String>>> keywords = new LinkedHashMap<>();
        private final List<Function<T, List<JsonProblem>>> checks = new ArrayList<>();

        private Builder(Class<T> type, String schemaResource) {
            this.type = Objects.requireNonNull(type, "type");
            this.schemaResource = Objects.requireNonNull(schemaResource, "schemaResource");
        }

        /**
         * A custom keyword for a rule on a single string that JSON Schema cannot state: wherever the schema has
         * {@code "keyword": true} and the value is a string, {@code check} says what is wrong with it, if anything
         * (the message, in words for the document's author).
         */
        public Builder<T> stringKeyword(String keyword, Function<String, Optional<String>> check) {
            keywords.put(Objects.requireNonNull(keyword, "keyword"), Objects.requireNonNull(check, "check"));
            return this;
        }

        /**
         * A rule across members that JSON Schema cannot state, run on the bound record of a document the schema
         * accepts: the problems it finds, with pointers from the document's root.
         */
        public Builder<T> check(Function<T, List<JsonProblem>> check) {
            checks.add(Objects.requireNonNull(check, "check"));
            return this;
        }

        /**
         * Reads and compiles the schema.
         *
         * @throws IllegalStateException when the schema is missing or not valid
         */
        public DocumentFormat<T> build() {
            return new DocumentFormat<>(this);
        }
    }
}
