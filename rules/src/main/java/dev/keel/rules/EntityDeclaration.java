package dev.keel.rules;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonProblem;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * An entity a sensor reads from a message, and where it is kept: the session (short-term) or the customer profile
 * (long-term). Its pattern (RE2 syntax, one capturing group) is what an embedded sensor reads it with. Immutable and
 * thread-safe.
 */
public final class EntityDeclaration {

    /** What an entity's value is. */
    public enum Type {
        STRING,
        /** A number: commas are removed, and what remains must be a decimal. */
        NUMBER;

        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Where an entity's value is kept. */
    public enum Store {
        /** The conversation's session: short-term. */
        SESSION,
        /** The customer's profile: long-term. */
        PROFILE;

        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final String name;
    private final String pattern;
    private final Type type;
    private final Store store;
    private final Pattern compiled;

    private EntityDeclaration(String name, String pattern, Type type, Store store) {
        this.name = Objects.requireNonNull(name, "name");
        this.pattern = Objects.requireNonNull(pattern, "pattern");
        this.type = Objects.requireNonNull(type, "type");
        this.store = Objects.requireNonNull(store, "store");
        this.compiled = Pattern.compile(pattern);
    }

    /**
     * An entity, checked as the rule book's schema checks one in a document.
     *
     * @throws InvalidInputException when the name is not a variable name, or the pattern does not run on the
     *         linear-time engine or has not exactly one capturing group; the message names the member by pointer
     */
    public static EntityDeclaration of(String name, String pattern, Type type, Store store) {
        List<JsonProblem> problems = RuleFormat.entityProblems(new BookSpec.EntitySpec(
                Objects.requireNonNull(name, "name"), Objects.requireNonNull(pattern, "pattern"),
                Objects.requireNonNull(type, "type").wireName(), Objects.requireNonNull(store, "store").wireName()));
        if (!problems.isEmpty()) {
            throw new InvalidInputException(JsonProblem.describe("entity", problems));
        }
        return new EntityDeclaration(name, pattern, type, store);
    }

    public String name() {
        return name;
    }

    public String pattern() {
        return pattern;
    }

    public Type type() {
        return type;
    }

    public Store store() {
        return store;
    }

    /**
     * The entity's value in {@code message}: the group of the pattern's first match (a string stripped of white
     * space, or a number as an exact decimal); empty when there is no match or it is not of the entity's type.
     */
    public Optional<Object> read(String message) {
        Matcher matcher = compiled.matcher(message);
        while (matcher.find()) {
            String group = matcher.group(1);
            if (group == null || group.isBlank()) {
                continue;
            }
            if (type == Type.STRING) {
                return Optional.of(group.strip());
            }
            String plain = group.replace(",", "").strip();
            if (plain.matches("[+-]?(?:[0-9]{1,30}\\.?[0-9]{0,30}|\\.[0-9]{1,30})")) {
                return Optional.of(new BigDecimal(plain));
            }
        }
        return Optional.empty();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof EntityDeclaration e && e.name.equals(name) && e.pattern.equals(pattern)
                && e.type == type && e.store == store;
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, pattern, type, store);
    }

    @Override
    public String toString() {
        return "EntityDeclaration{" + name + ", " + type.wireName() + ", " + store.wireName() + "}";
    }
}
