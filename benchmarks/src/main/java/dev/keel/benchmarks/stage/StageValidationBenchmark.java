package dev.keel.benchmarks.stage;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.keel.core.json.JsonCodec;
import dev.keel.stage.StageContract;
import dev.keel.examples.services.ServicesContracts;
import dev.keel.stage.StageValidation;
import dev.keel.stage.StageValidator;
import dev.keel.stage.ValidationContext;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Validating a typical ~1 KB {@code semantic_analysis_v1} output from its raw text, parse included: Keel's
 * validator (shape, envelope, session continuity, score precision, rules, next step, state patch) against
 * networknt json-schema-validator 3.0.9 on the JSON Schema Keel exports for the same contract (structure only).
 * {@code keelParseOnly} is the share of Keel's strict JSON parse. Not thread-safe: one state per benchmark.
 */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.SampleTime, Mode.AverageTime})
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class StageValidationBenchmark {

    static final String SESSION = "7d1f3c2a-5b8e-4f0a-9c6d-2e4b8a1f0c3d";

    /** A typical output: three agencies with five scored categories among them, and the envelope. */
    static final String VALID = ("{\"session_id\": \"" + SESSION + "\", \"response_id\": \"resp-5c1e9a7b\","
            + " \"stage\": \"semantic_analysis_v1\", \"semanticAnalysis\": {\"agencies\": ["
            + "{\"agencyId\": \"tax_agency\", \"agencyName\": \"National Tax Agency\", \"categorySelection\": {\"candidates\": {"
            + "\"business_registration\": {\"value\": \"Registering a new sole proprietorship or company\", \"score\": 0.88},"
            + " \"vat_filing\": {\"value\": \"Value-added tax returns for small businesses\", \"score\": 0.64}}}},"
            + " {\"agencyId\": \"civil_registry\", \"agencyName\": \"Civil Registry Office\", \"categorySelection\": {\"candidates\": {"
            + "\"address_report\": {\"value\": \"Reporting a new business or home address\", \"score\": 0.71},"
            + " \"seal_certificate\": {\"value\": \"Registering and certifying a company seal\", \"score\": 0.55}}}},"
            + " {\"agencyId\": \"food_safety\", \"agencyName\": \"Food Safety Authority\", \"categorySelection\": {\"candidates\": {"
            + "\"restaurant_permit\": {\"value\": \"Permits to serve food and drinks\", \"score\": 0.93}}}}],"
            + " \"primaryAgency\": {\"agencyId\": \"tax_agency\", \"reason\": \"highest cumulative relevance\"}},"
            + " \"nextStep\": \"service_select_v1\", \"telemetry\": {\"notes\": null}}");

    /** The same output with three violations both validators see: a missing field, a low score, a wrong step. */
    static final String INVALID = VALID.replace("\"agencyName\": \"Civil Registry Office\", ", "")
            .replace("0.55", "0.45").replace("\"nextStep\": \"service_select_v1\"", "\"nextStep\": \"session_end\"");

    @Param({"valid", "invalid"})
    public String variant;

    private final StageValidator validator = StageValidator.create();
    private final JsonCodec codec = JsonCodec.strict();
    private StageContract contract;
    private ValidationContext context;
    private Schema schema;
    private String output;

    @Setup
    public void setUp() {
        contract = ServicesContracts.all().require("semantic_analysis_v1");
        context = ValidationContext.of(Map.of("session_id", SESSION,
                "judgement_v1", Map.of("inquiry", true),
                "agency_detect_v1", Map.of("agencyDetected", List.of("tax_agency", "civil_registry", "food_safety"),
                        "agencyCount", 3, "complexity", "high"),
                "nextStep", "semantic_analysis_v1"));
        schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(codec.write(contract.outputJsonSchema()));
        output = variant.equals("valid") ? VALID : INVALID;
        boolean keelValid = keelValidate().valid();
        boolean peerValid = networkntValidate().isEmpty();
        if (keelValid != variant.equals("valid") || peerValid != keelValid) {
            throw new IllegalStateException("the " + variant + " output is judged differently: keel " + keelValid
                    + ", networknt " + peerValid + " " + networkntValidate() + " " + keelValidate());
        }
        if (VALID.getBytes(StandardCharsets.UTF_8).length < 900) {
            throw new IllegalStateException("the typical output should be about 1 KB");
        }
    }

    @Benchmark
    public StageValidation keelValidate() {
        return validator.validate(contract, output, context);
    }

    @Benchmark
    public List<Error> networkntValidate() {
        return schema.validate(output, InputFormat.JSON);
    }

    @Benchmark
    public Object keelParseOnly() {
        return codec.parse(output);
    }
}
