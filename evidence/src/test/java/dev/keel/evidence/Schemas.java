package dev.keel.evidence;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/** Loads the schemas this module publishes and validates JSON text against them. */
final class Schemas {

    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

    private final Schema schema;

    private Schemas(Schema schema) {
        this.schema = schema;
    }

    static Schemas published(String fileName) {
        try (InputStream in = Objects.requireNonNull(Schemas.class.getResourceAsStream("/dev/keel/evidence/schema/" + fileName), fileName)) {
            return new Schemas(REGISTRY.getSchema(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The problems with {@code json}, one line each; empty when it is valid. */
    List<String> problems(String json) {
        List<Error> errors = schema.validate(json, InputFormat.JSON);
        return errors.stream().map(Error::toString).collect(Collectors.toList());
    }
}
