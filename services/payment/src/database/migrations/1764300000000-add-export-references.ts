import type { MigrationInterface, QueryRunner } from 'typeorm';
import { exportReference } from '@chatexhibit/proto/export-reference';
import { schemaOf } from '@chatexhibit/kit/database/schema';

/**
 * Each export's reference beside its retention date, indexed: support finds the export a buyer
 * names by the reference on their documents. A reference is one-way, so the rows kept already
 * are filled in here, once.
 */
export class AddExportReferences1764300000000 implements MigrationInterface {
  name = 'AddExportReferences1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const table = `"${schemaOf(queryRunner)}"."retention"`;
    await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN "export_reference" text`);
    const rows = (await queryRunner.query(`SELECT "export_id" FROM ${table}`)) as { export_id: string }[];
    for (const { export_id } of rows)
      await queryRunner.query(`UPDATE ${table} SET "export_reference" = $1 WHERE "export_id" = $2`, [
        exportReference(export_id),
        export_id,
      ]);
    await queryRunner.query(`ALTER TABLE ${table} ALTER COLUMN "export_reference" SET NOT NULL`);
    await queryRunner.query(`CREATE INDEX "retention_export_reference" ON ${table} ("export_reference")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "${schemaOf(queryRunner)}"."retention" DROP COLUMN "export_reference"`,
    );
  }
}
