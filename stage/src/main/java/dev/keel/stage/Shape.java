package dev.keel.stage;

import dev.keel.core.InvalidContractException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The JSON shape a value of a stage output must have: the type vocabulary of stage contracts (see the contract
 * form in {@code docs/stage-runtime.md}). Every shape says whether {@code null} is accepted as well.
 *
 * <p>Unlike JSON Schema, object shapes are closed unless they allow additional properties, and {@link ScoreShape}
 * checks the number as written: a score must have exactly two decimal places ({@code 0.80}, not {@code 0.8}).
 *
 * <p>Shapes are immutable records, thread-safe; the {@code with...} methods return new shapes. Constructors throw
 * {@link InvalidContractException} for a shape that cannot be satisfied or makes no sense.
 */
public sealed interface Shape permits Shape.AnyShape, Shape.NullShape, Shape.StringShape, Shape.BooleanShape,
        Shape.IntegerShape, Shape.ScoreShape, Shape.ObjectShape, Shape.ArrayShape, Shape.MapShape {

    /** Whether {@code null} is accepted besides values of this shape. */
    boolean nullable();

    /** This shape, also accepting {@code null}. */
    Shape orNull();

    /** The type's name in the contract form: {@code string}, {@code score}, {@code object}, .... */
    String typeName();

    // ---- factories ----

    /** Any JSON value, {@code null} included. */
    static AnyShape any() {
        return new AnyShape();
    }

    /** Exactly {@code null}. */
    static NullShape nullValue() {
        return new NullShape();
    }

    /** Any string. */
    static StringShape string() {
        return new StringShape(false, false, List.of());
    }

    /** A string with at least one character that is not white space. */
    static StringShape nonBlankString() {
        return new StringShape(false, true, List.of());
    }

    /** One of these strings. */
    static StringShape oneOf(String... values) {
        return new StringShape(false, false, List.of(values));
    }

    static BooleanShape bool() {
        return new BooleanShape(false);
    }

    /** A number written without a fraction ({@code 3}, not {@code 3.0}). */
    static IntegerShape integer() {
        return new IntegerShape(false, null);
    }

    /** A score: a number from {@code 0.00} to {@code 1.00} written with exactly two decimal places. */
    static ScoreShape score() {
        return new ScoreShape(false, null);
    }

    /** A closed object with no properties yet; add them with {@link ObjectShape#required} and {@link ObjectShape#optional}. */
    static ObjectShape object() {
        return new ObjectShape(false, List.of(), false);
    }

    /** An array whose items have {@code items}' shape. */
    static ArrayShape array(Shape items) {
        return new ArrayShape(false, items, 0, false, null);
    }

    /** An object with any keys whose values have {@code values}' shape. */
    static MapShape map(Shape values) {
        return new MapShape(false, values, 0);
    }

    // ---- shapes ----

    /** Any value. */
    record AnyShape() implements Shape {
        @Override
        public boolean nullable() {
            return true;
        }

        @Override
        public AnyShape orNull() {
            return this;
        }

        @Override
        public String typeName() {
            return "any";
        }
    }

    /** Only {@code null}. */
    record NullShape() implements Shape {
        @Override
        public boolean nullable() {
            return true;
        }

        @Override
        public NullShape orNull() {
            return this;
        }

        @Override
        public String typeName() {
            return "null";
        }
    }

    /**
     * A string.
     *
     * @param nonBlank whether it needs a character that is not (JavaScript) white space
     * @param values   the allowed values; empty for any string
     */
    record StringShape(boolean nullable, boolean nonBlank, List<String> values) implements Shape {
        public StringShape {
            values = List.copyOf(values);
            if (new HashSet<>(values).size() != values.size()) {
                throw new InvalidContractException("a string shape lists a value twice: " + values);
            }
        }

        @Override
        public StringShape orNull() {
            return new StringShape(true, nonBlank, values);
        }

        public StringShape withNonBlank() {
            return new StringShape(nullable, true, values);
        }

        @Override
        public String typeName() {
            return "string";
        }
    }

    record BooleanShape(boolean nullable) implements Shape {
        @Override
        public BooleanShape orNull() {
            return new BooleanShape(true);
        }

        @Override
        public String typeName() {
            return "boolean";
        }
    }

    /**
     * An integer, written without a fraction.
     *
     * @param minimum the smallest allowed value, or null for none
     */
    record IntegerShape(boolean nullable, @Nullable BigDecimal minimum) implements Shape {
        public IntegerShape {
            if (minimum != null && minimum.stripTrailingZeros().scale() > 0) {
                throw new InvalidContractException("an integer minimum must be an integer, found " + minimum);
            }
        }

        @Override
        public IntegerShape orNull() {
            return new IntegerShape(true, minimum);
        }

        public IntegerShape withMinimum(long value) {
            return new IntegerShape(nullable, BigDecimal.valueOf(value));
        }

        @Override
        public String typeName() {
            return "integer";
        }
    }

    /**
     * A score: from {@code 0.00} to {@code 1.00}, exactly two decimal places.
     *
     * @param minimum the smallest allowed score (for example {@code 0.50}), or null for none
     */
    record ScoreShape(boolean nullable, @Nullable BigDecimal minimum) implements Shape {
        public ScoreShape {
            if (minimum != null && (minimum.signum() < 0 || minimum.compareTo(BigDecimal.ONE) > 0)) {
                throw new InvalidContractException("a score minimum must be within 0.00 and 1.00, found " + minimum);
            }
        }

        @Override
        public ScoreShape orNull() {
            return new ScoreShape(true, minimum);
        }

        /** This shape with a minimum, given as text so that it keeps its scale ({@code "0.50"}). */
        public ScoreShape withMinimum(String value) {
            return new ScoreShape(nullable, new BigDecimal(value));
        }

        @Override
        public String typeName() {
            return "score";
        }
    }

    /**
     * An object with named properties.
     *
     * @param fields                the properties, in order
     * @param additionalProperties  whether properties not listed are accepted (otherwise each is a violation)
     */
    record ObjectShape(boolean nullable, List<Field> fields, boolean additionalProperties) implements Shape {
        public ObjectShape {
            fields = List.copyOf(fields);
            Set<String> names = new HashSet<>();
            for (Field field : fields) {
                if (!names.add(field.name())) {
                    throw new InvalidContractException("an object shape declares property '" + field.name() + "' twice");
                }
            }
        }

        @Override
        public ObjectShape orNull() {
            return new ObjectShape(true, fields, additionalProperties);
        }

        /** This shape with one more property that must be present. */
        public ObjectShape required(String name, Shape shape) {
            return with(new Field(name, shape, true));
        }

        /** This shape with one more property that may be absent. */
        public ObjectShape optional(String name, Shape shape) {
            return with(new Field(name, shape, false));
        }

        /** This shape, accepting properties it does not list. */
        public ObjectShape withAdditionalProperties() {
            return new ObjectShape(nullable, fields, true);
        }

        private ObjectShape with(Field field) {
            List<Field> more = new ArrayList<>(fields);
            more.add(field);
            return new ObjectShape(nullable, more, additionalProperties);
        }

        /** The property of this name, if declared. */
        public Optional<Field> field(String name) {
            for (Field field : fields) {
                if (field.name().equals(name)) {
                    return Optional.of(field);
                }
            }
            return Optional.empty();
        }

        @Override
        public String typeName() {
            return "object";
        }
    }

    /** One property of an {@link ObjectShape}. */
    record Field(String name, Shape shape, boolean required) {
        public Field {
            Objects.requireNonNull(shape, "shape");
            if (name == null || name.isEmpty()) {
                throw new InvalidContractException("a property needs a name");
            }
        }
    }

    /**
     * An array.
     *
     * @param items       the shape of every item
     * @param minItems    the fewest items allowed
     * @param uniqueItems whether two equal items are a violation
     * @param uniqueBy    a property of object items whose values must differ between items, or null
     */
    record ArrayShape(boolean nullable, Shape items, int minItems, boolean uniqueItems, @Nullable String uniqueBy)
            implements Shape {
        public ArrayShape {
            Objects.requireNonNull(items, "items");
            if (minItems < 0) {
                throw new InvalidContractException("min_items must be >= 0, found " + minItems);
            }
            if (uniqueItems && uniqueBy != null) {
                throw new InvalidContractException("an array shape takes unique or unique_by, not both");
            }
            if (uniqueBy != null && !(items instanceof ObjectShape && ((ObjectShape) items).field(uniqueBy).isPresent())) {
                throw new InvalidContractException("unique_by '" + uniqueBy + "' must name a property of the object items");
            }
        }

        @Override
        public ArrayShape orNull() {
            return new ArrayShape(true, items, minItems, uniqueItems, uniqueBy);
        }

        public ArrayShape withMinItems(int value) {
            return new ArrayShape(nullable, items, value, uniqueItems, uniqueBy);
        }

        public ArrayShape withUniqueItems() {
            return new ArrayShape(nullable, items, minItems, true, null);
        }

        public ArrayShape withUniqueBy(String property) {
            return new ArrayShape(nullable, items, minItems, false, property);
        }

        @Override
        public String typeName() {
            return "array";
        }
    }

    /**
     * An object used as a dictionary: any keys, every value of one shape.
     *
     * @param values     the shape of every value
     * @param minEntries the fewest entries allowed
     */
    record MapShape(boolean nullable, Shape values, int minEntries) implements Shape {
        public MapShape {
            Objects.requireNonNull(values, "values");
            if (minEntries < 0) {
                throw new InvalidContractException("min_entries must be >= 0, found " + minEntries);
            }
        }

        @Override
        public MapShape orNull() {
            return new MapShape(true, values, minEntries);
        }

        public MapShape withMinEntries(int value) {
            return new MapShape(nullable, values, value);
        }

        @Override
        public String typeName() {
            return "map";
        }
    }
}
