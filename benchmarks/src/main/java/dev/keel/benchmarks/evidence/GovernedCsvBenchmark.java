package dev.keel.benchmarks.evidence;

import dev.keel.evidence.loader.CsvColumn;
import dev.keel.evidence.loader.CsvTable;
import dev.keel.evidence.loader.CsvTableReader;
import java.io.IOException;
import java.math.BigDecimal;
import java.io.StringReader;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Reading a 10,000-row CSV of weekly figures: Keel's typed, validated reader against commons-csv's raw parse of the
 * same text (every value touched, nothing converted). Target: Keel within 2x of the raw parse.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class GovernedCsvBenchmark {

    static final int ROWS = 10_000;
    static final List<CsvColumn> COLUMNS = List.of(CsvColumn.text("calendar_id"), CsvColumn.wholeNumber("week", 1),
            decimal("capability"), fraction("dock_utilisation"), fraction("crew_readiness"), fraction("spares_coverage"),
            decimal("budget_committed"), decimal("budget_envelope"));

    private static CsvColumn decimal(String name) {
        return CsvColumn.decimal(name, BigDecimal.ZERO, null);
    }

    private static CsvColumn fraction(String name) {
        return CsvColumn.decimal(name, BigDecimal.ZERO, BigDecimal.ONE);
    }

    private String csv;

    @Setup
    public void createFile() {
        StringBuilder text = new StringBuilder(ROWS * 60);
        text.append(String.join(",", COLUMNS.stream().map(CsvColumn::name).toList())).append("\r\n");
        for (int i = 0; i < ROWS; i++) {
            String calendar = i % 2 == 0 ? "A" : "B";
            int week = i / 2 + 1;
            text.append(calendar).append(',').append(week).append(',')
                    .append(String.format(Locale.ROOT, "%.3f,%.3f,%.3f,%.2f,%.1f,%.1f", 0.80 + (i % 150) / 1000.0,
                            0.40 + (i % 500) / 1000.0, 0.70 + (i % 250) / 1000.0, 0.50 + (i % 40) / 100.0, week * 0.5,
                            calendar.equals("A") ? 120.0 : 110.0))
                    .append("\r\n");
        }
        csv = text.toString();
    }

    @Benchmark
    public CsvTable keelTypedRead() {
        return CsvTableReader.read("weekly.csv", csv, COLUMNS);
    }

    @Benchmark
    public void commonsCsvRawParse(Blackhole blackhole) throws IOException {
        try (CSVParser parser = CSVParser.builder().setReader(new StringReader(csv))
                .setFormat(CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get()).get()) {
            for (CSVRecord record : parser) {
                for (int i = 0; i < record.size(); i++) {
                    blackhole.consume(record.get(i));
                }
            }
        }
    }
}
