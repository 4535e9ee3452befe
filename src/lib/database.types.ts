// Generated from supabase/migrations by scripts/gen-types.ts — do not edit.
// After changing the schema run `npm run gen:types` and commit this file (npm test checks it).

export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  public: {
    Tables: {
      backgrounds: {
        Row: {
          blurred_image_path: string | null
          flat_lay: boolean
          id: number
          image_path: string | null
          keeps_original: boolean
          name: string
          name_el: string
          on_model: boolean
          prompt: string
          slug: string
          sort_order: number
          type: string
          type_el: string
        }
        Insert: {
          blurred_image_path?: string | null
          flat_lay: boolean
          id: number
          image_path?: string | null
          keeps_original?: boolean
          name: string
          name_el: string
          on_model: boolean
          prompt: string
          slug: string
          sort_order: number
          type: string
          type_el: string
        }
        Update: {
          blurred_image_path?: string | null
          flat_lay?: boolean
          id?: number
          image_path?: string | null
          keeps_original?: boolean
          name?: string
          name_el?: string
          on_model?: boolean
          prompt?: string
          slug?: string
          sort_order?: number
          type?: string
          type_el?: string
        }
        Relationships: []
      }
      batches: {
        Row: {
          charge_id: string | null
          choices: Json
          created_at: string
          credits_charged: number
          id: string
          item_count: number
          name: string
          project_type: string
          user_id: string
        }
        Insert: {
          charge_id?: string | null
          choices?: Json
          created_at?: string
          credits_charged?: number
          id?: string
          item_count: number
          name: string
          project_type: string
          user_id: string
        }
        Update: {
          charge_id?: string | null
          choices?: Json
          created_at?: string
          credits_charged?: number
          id?: string
          item_count?: number
          name?: string
          project_type?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "batches_charge_id_fkey"
            columns: ["charge_id"]
            isOneToOne: false
            referencedRelation: "credit_ledger"
            referencedColumns: ["id"]
          },
        ]
      }
      credit_ledger: {
        Row: {
          amount: number
          balance_after: number
          created_at: string
          details: Json
          id: string
          plan_delta: number
          purchased_delta: number
          reason: string
          reference: string | null
          refund_of: string | null
          user_id: string
        }
        Insert: {
          amount: number
          balance_after: number
          created_at?: string
          details?: Json
          id?: string
          plan_delta?: number
          purchased_delta?: number
          reason: string
          reference?: string | null
          refund_of?: string | null
          user_id: string
        }
        Update: {
          amount?: number
          balance_after?: number
          created_at?: string
          details?: Json
          id?: string
          plan_delta?: number
          purchased_delta?: number
          reason?: string
          reference?: string | null
          refund_of?: string | null
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "credit_ledger_refund_of_fkey"
            columns: ["refund_of"]
            isOneToOne: false
            referencedRelation: "credit_ledger"
            referencedColumns: ["id"]
          },
        ]
      }
      credit_prices: {
        Row: {
          credits: number
          item: string
          kind: string
          name: string
        }
        Insert: {
          credits: number
          item: string
          kind: string
          name: string
        }
        Update: {
          credits?: number
          item?: string
          kind?: string
          name?: string
        }
        Relationships: []
      }
      credit_volume_discounts: {
        Row: {
          discount_percent: number
          min_credits: number
        }
        Insert: {
          discount_percent: number
          min_credits: number
        }
        Update: {
          discount_percent?: number
          min_credits?: number
        }
        Relationships: []
      }
      fix_requests: {
        Row: {
          charge_id: string | null
          created_at: string
          credits_charged: number
          fix_id: string | null
          id: string
          is_free: boolean
          project_id: string
          user_id: string
        }
        Insert: {
          charge_id?: string | null
          created_at?: string
          credits_charged?: number
          fix_id?: string | null
          id?: string
          is_free: boolean
          project_id: string
          user_id: string
        }
        Update: {
          charge_id?: string | null
          created_at?: string
          credits_charged?: number
          fix_id?: string | null
          id?: string
          is_free?: boolean
          project_id?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "fix_requests_charge_id_fkey"
            columns: ["charge_id"]
            isOneToOne: false
            referencedRelation: "credit_ledger"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "fix_requests_fix_id_fkey"
            columns: ["fix_id"]
            isOneToOne: false
            referencedRelation: "fixes"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "fix_requests_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
      fixes: {
        Row: {
          annotated_image: string | null
          completed_at: string | null
          created_at: string
          description: string
          id: string
          image_id: string | null
          project_id: string
          result_note: string | null
          result_path: string | null
          result_watermarked_path: string | null
          status: string
          updated_at: string
          user_id: string
        }
        Insert: {
          annotated_image?: string | null
          completed_at?: string | null
          created_at?: string
          description: string
          id?: string
          image_id?: string | null
          project_id: string
          result_note?: string | null
          result_path?: string | null
          result_watermarked_path?: string | null
          status?: string
          updated_at?: string
          user_id: string
        }
        Update: {
          annotated_image?: string | null
          completed_at?: string | null
          created_at?: string
          description?: string
          id?: string
          image_id?: string | null
          project_id?: string
          result_note?: string | null
          result_path?: string | null
          result_watermarked_path?: string | null
          status?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "fixes_image_id_fkey"
            columns: ["image_id"]
            isOneToOne: false
            referencedRelation: "images"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "fixes_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
      images: {
        Row: {
          attempts: number
          completed_at: string | null
          created_at: string
          credit_cost: number
          error: string | null
          generated_path: string | null
          generated_url: string | null
          height: number | null
          id: string
          lease_expires_at: string | null
          metadata: Json
          next_attempt_at: string | null
          original_path: string
          original_url: string | null
          pose_id: number
          position: number
          project_id: string
          provider_job_id: string | null
          refunded_at: string | null
          resolution: string | null
          status: string
          updated_at: string
          user_id: string
          watermarked_path: string | null
          width: number | null
          worker: string | null
        }
        Insert: {
          attempts?: number
          completed_at?: string | null
          created_at?: string
          credit_cost?: number
          error?: string | null
          generated_path?: string | null
          generated_url?: string | null
          height?: number | null
          id?: string
          lease_expires_at?: string | null
          metadata?: Json
          next_attempt_at?: string | null
          original_path: string
          original_url?: string | null
          pose_id: number
          position?: number
          project_id: string
          provider_job_id?: string | null
          refunded_at?: string | null
          resolution?: string | null
          status?: string
          updated_at?: string
          user_id: string
          watermarked_path?: string | null
          width?: number | null
          worker?: string | null
        }
        Update: {
          attempts?: number
          completed_at?: string | null
          created_at?: string
          credit_cost?: number
          error?: string | null
          generated_path?: string | null
          generated_url?: string | null
          height?: number | null
          id?: string
          lease_expires_at?: string | null
          metadata?: Json
          next_attempt_at?: string | null
          original_path?: string
          original_url?: string | null
          pose_id?: number
          position?: number
          project_id?: string
          provider_job_id?: string | null
          refunded_at?: string | null
          resolution?: string | null
          status?: string
          updated_at?: string
          user_id?: string
          watermarked_path?: string | null
          width?: number | null
          worker?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "images_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
      model_media: {
        Row: {
          kind: string
          model_id: number
          path: string
          position: number
        }
        Insert: {
          kind: string
          model_id: number
          path: string
          position: number
        }
        Update: {
          kind?: string
          model_id?: number
          path?: string
          position?: number
        }
        Relationships: [
          {
            foreignKeyName: "model_media_model_id_fkey"
            columns: ["model_id"]
            isOneToOne: false
            referencedRelation: "models"
            referencedColumns: ["id"]
          },
        ]
      }
      models: {
        Row: {
          age_range: string
          description: string
          gender: string
          id: number
          image_path: string
          is_new: boolean
          name: string
          name_el: string
          slug: string
          sort_order: number
        }
        Insert: {
          age_range: string
          description?: string
          gender: string
          id: number
          image_path: string
          is_new?: boolean
          name: string
          name_el: string
          slug: string
          sort_order: number
        }
        Update: {
          age_range?: string
          description?: string
          gender?: string
          id?: number
          image_path?: string
          is_new?: boolean
          name?: string
          name_el?: string
          slug?: string
          sort_order?: number
        }
        Relationships: []
      }
      notifications: {
        Row: {
          created_at: string
          data: Json
          id: string
          message: string
          project_id: string | null
          read: boolean
          title: string
          type: string
          user_id: string
        }
        Insert: {
          created_at?: string
          data?: Json
          id?: string
          message: string
          project_id?: string | null
          read?: boolean
          title: string
          type: string
          user_id: string
        }
        Update: {
          created_at?: string
          data?: Json
          id?: string
          message?: string
          project_id?: string | null
          read?: boolean
          title?: string
          type?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "notifications_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
      operator_actions: {
        Row: {
          action: string
          created_at: string
          details: Json
          id: string
          operator_email: string
          operator_id: string | null
          reason: string | null
          seller_id: string | null
          subject: string | null
        }
        Insert: {
          action: string
          created_at?: string
          details?: Json
          id?: string
          operator_email: string
          operator_id?: string | null
          reason?: string | null
          seller_id?: string | null
          subject?: string | null
        }
        Update: {
          action?: string
          created_at?: string
          details?: Json
          id?: string
          operator_email?: string
          operator_id?: string | null
          reason?: string | null
          seller_id?: string | null
          subject?: string | null
        }
        Relationships: []
      }
      operator_fix_attempts: {
        Row: {
          created_at: string
          error: string | null
          error_code: string | null
          finished_at: string | null
          fix_id: string
          id: string
          operator_id: string | null
          prediction_id: string | null
          project_id: string
          prompt: string
          provider: string
          result_path: string | null
          seller_id: string
          status: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          error?: string | null
          error_code?: string | null
          finished_at?: string | null
          fix_id: string
          id?: string
          operator_id?: string | null
          prediction_id?: string | null
          project_id: string
          prompt: string
          provider: string
          result_path?: string | null
          seller_id: string
          status?: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          error?: string | null
          error_code?: string | null
          finished_at?: string | null
          fix_id?: string
          id?: string
          operator_id?: string | null
          prediction_id?: string | null
          project_id?: string
          prompt?: string
          provider?: string
          result_path?: string | null
          seller_id?: string
          status?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "operator_fix_attempts_fix_id_fkey"
            columns: ["fix_id"]
            isOneToOne: false
            referencedRelation: "fixes"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "operator_fix_attempts_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
      outbound_notices: {
        Row: {
          attempts: number
          created_at: string
          handled_at: string | null
          handled_by: string | null
          id: string
          kind: string
          last_error: string | null
          next_attempt_at: string
          payload: Json
          sent_at: string | null
          status: string
          user_id: string | null
        }
        Insert: {
          attempts?: number
          created_at?: string
          handled_at?: string | null
          handled_by?: string | null
          id?: string
          kind: string
          last_error?: string | null
          next_attempt_at?: string
          payload: Json
          sent_at?: string | null
          status?: string
          user_id?: string | null
        }
        Update: {
          attempts?: number
          created_at?: string
          handled_at?: string | null
          handled_by?: string | null
          id?: string
          kind?: string
          last_error?: string | null
          next_attempt_at?: string
          payload?: Json
          sent_at?: string | null
          status?: string
          user_id?: string | null
        }
        Relationships: []
      }
      payment_events: {
        Row: {
          id: string
          payload: Json
          processed_at: string | null
          received_at: string
          type: string
          user_id: string | null
        }
        Insert: {
          id: string
          payload?: Json
          processed_at?: string | null
          received_at?: string
          type: string
          user_id?: string | null
        }
        Update: {
          id?: string
          payload?: Json
          processed_at?: string | null
          received_at?: string
          type?: string
          user_id?: string | null
        }
        Relationships: []
      }
      plans: {
        Row: {
          all_models_and_backgrounds: boolean
          can_buy_credit_packs: boolean
          custom_background: boolean
          custom_model: boolean
          custom_video_style: boolean
          extra_credit_unit_price_eur: number
          fix_turnaround_days: number | null
          free_fixes_per_project: number
          id: string
          low_credit_alerts: boolean
          low_credit_threshold: number
          monthly_credits: number
          name: string
          price_eur: number
          rank: number
          resolution: string
          revisions: number
          stripe_price_id: string | null
          updated_at: string
          video: boolean
          watermark: boolean
          watermark_free_download: boolean
          white_glove_quality_control: boolean
        }
        Insert: {
          all_models_and_backgrounds: boolean
          can_buy_credit_packs: boolean
          custom_background: boolean
          custom_model: boolean
          custom_video_style: boolean
          extra_credit_unit_price_eur: number
          fix_turnaround_days?: number | null
          free_fixes_per_project: number
          id: string
          low_credit_alerts: boolean
          low_credit_threshold?: number
          monthly_credits: number
          name: string
          price_eur: number
          rank: number
          resolution: string
          revisions: number
          stripe_price_id?: string | null
          updated_at?: string
          video: boolean
          watermark: boolean
          watermark_free_download: boolean
          white_glove_quality_control?: boolean
        }
        Update: {
          all_models_and_backgrounds?: boolean
          can_buy_credit_packs?: boolean
          custom_background?: boolean
          custom_model?: boolean
          custom_video_style?: boolean
          extra_credit_unit_price_eur?: number
          fix_turnaround_days?: number | null
          free_fixes_per_project?: number
          id?: string
          low_credit_alerts?: boolean
          low_credit_threshold?: number
          monthly_credits?: number
          name?: string
          price_eur?: number
          rank?: number
          resolution?: string
          revisions?: number
          stripe_price_id?: string | null
          updated_at?: string
          video?: boolean
          watermark?: boolean
          watermark_free_download?: boolean
          white_glove_quality_control?: boolean
        }
        Relationships: []
      }
      poses: {
        Row: {
          description: string
          description_el: string
          gender: string
          id: number
          image_path: string
          name: string
          name_el: string
          prompt: string
          slug: string
          sort_order: number
        }
        Insert: {
          description: string
          description_el: string
          gender: string
          id: number
          image_path: string
          name: string
          name_el: string
          prompt: string
          slug: string
          sort_order: number
        }
        Update: {
          description?: string
          description_el?: string
          gender?: string
          id?: number
          image_path?: string
          name?: string
          name_el?: string
          prompt?: string
          slug?: string
          sort_order?: number
        }
        Relationships: []
      }
      profiles: {
        Row: {
          created_at: string
          full_name: string | null
          id: string
          language: string | null
          phone_number: string | null
          updated_at: string
        }
        Insert: {
          created_at?: string
          full_name?: string | null
          id: string
          language?: string | null
          phone_number?: string | null
          updated_at?: string
        }
        Update: {
          created_at?: string
          full_name?: string | null
          id?: string
          language?: string | null
          phone_number?: string | null
          updated_at?: string
        }
        Relationships: []
      }
      projects: {
        Row: {
          background_blurred: boolean
          background_id: number | null
          batch_id: string | null
          charge_id: string | null
          completed_at: string | null
          created_at: string
          credits_charged: number
          custom_background: string | null
          custom_model: string | null
          id: string
          metadata: Json
          model_id: number | null
          name: string
          pose_ids: number[]
          product_paths: string[]
          seller_model_id: string | null
          status: string
          type: string
          updated_at: string
          user_id: string
          video_attempts: number
          video_charge_id: string | null
          video_custom_description: string | null
          video_error: string | null
          video_lease_expires_at: string | null
          video_next_attempt_at: string | null
          video_path: string | null
          video_provider_job_id: string | null
          video_requested_at: string | null
          video_status: string | null
          video_style: string | null
          video_url: string | null
          video_worker: string | null
        }
        Insert: {
          background_blurred?: boolean
          background_id?: number | null
          batch_id?: string | null
          charge_id?: string | null
          completed_at?: string | null
          created_at?: string
          credits_charged?: number
          custom_background?: string | null
          custom_model?: string | null
          id?: string
          metadata?: Json
          model_id?: number | null
          name: string
          pose_ids?: number[]
          product_paths?: string[]
          seller_model_id?: string | null
          status?: string
          type: string
          updated_at?: string
          user_id: string
          video_attempts?: number
          video_charge_id?: string | null
          video_custom_description?: string | null
          video_error?: string | null
          video_lease_expires_at?: string | null
          video_next_attempt_at?: string | null
          video_path?: string | null
          video_provider_job_id?: string | null
          video_requested_at?: string | null
          video_status?: string | null
          video_style?: string | null
          video_url?: string | null
          video_worker?: string | null
        }
        Update: {
          background_blurred?: boolean
          background_id?: number | null
          batch_id?: string | null
          charge_id?: string | null
          completed_at?: string | null
          created_at?: string
          credits_charged?: number
          custom_background?: string | null
          custom_model?: string | null
          id?: string
          metadata?: Json
          model_id?: number | null
          name?: string
          pose_ids?: number[]
          product_paths?: string[]
          seller_model_id?: string | null
          status?: string
          type?: string
          updated_at?: string
          user_id?: string
          video_attempts?: number
          video_charge_id?: string | null
          video_custom_description?: string | null
          video_error?: string | null
          video_lease_expires_at?: string | null
          video_next_attempt_at?: string | null
          video_path?: string | null
          video_provider_job_id?: string | null
          video_requested_at?: string | null
          video_status?: string | null
          video_style?: string | null
          video_url?: string | null
          video_worker?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "projects_background_id_fkey"
            columns: ["background_id"]
            isOneToOne: false
            referencedRelation: "backgrounds"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "projects_batch_id_fkey"
            columns: ["batch_id"]
            isOneToOne: false
            referencedRelation: "batches"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "projects_charge_id_fkey"
            columns: ["charge_id"]
            isOneToOne: false
            referencedRelation: "credit_ledger"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "projects_model_id_fkey"
            columns: ["model_id"]
            isOneToOne: false
            referencedRelation: "models"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "projects_seller_model_id_fkey"
            columns: ["seller_model_id"]
            isOneToOne: false
            referencedRelation: "seller_models"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "projects_video_charge_id_fkey"
            columns: ["video_charge_id"]
            isOneToOne: false
            referencedRelation: "credit_ledger"
            referencedColumns: ["id"]
          },
        ]
      }
      push_deliveries: {
        Row: {
          attempts: number
          created_at: string
          id: string
          last_error: string | null
          next_attempt_at: string
          notification_id: string
          sent_at: string | null
          status: string
          subscription_id: string
        }
        Insert: {
          attempts?: number
          created_at?: string
          id?: string
          last_error?: string | null
          next_attempt_at?: string
          notification_id: string
          sent_at?: string | null
          status?: string
          subscription_id: string
        }
        Update: {
          attempts?: number
          created_at?: string
          id?: string
          last_error?: string | null
          next_attempt_at?: string
          notification_id?: string
          sent_at?: string | null
          status?: string
          subscription_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "push_deliveries_notification_id_fkey"
            columns: ["notification_id"]
            isOneToOne: false
            referencedRelation: "notifications"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "push_deliveries_subscription_id_fkey"
            columns: ["subscription_id"]
            isOneToOne: false
            referencedRelation: "push_subscriptions"
            referencedColumns: ["id"]
          },
        ]
      }
      push_subscriptions: {
        Row: {
          auth: string
          created_at: string
          device_label: string | null
          endpoint: string
          id: string
          language: string
          last_used_at: string | null
          p256dh: string
          updated_at: string
          user_id: string
        }
        Insert: {
          auth: string
          created_at?: string
          device_label?: string | null
          endpoint: string
          id?: string
          language?: string
          last_used_at?: string | null
          p256dh: string
          updated_at?: string
          user_id: string
        }
        Update: {
          auth?: string
          created_at?: string
          device_label?: string | null
          endpoint?: string
          id?: string
          language?: string
          last_used_at?: string | null
          p256dh?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      seller_models: {
        Row: {
          age_range: string
          back_path: string | null
          body: string
          charge_id: string | null
          created_at: string
          credits_charged: number
          details: string
          error: string | null
          front_path: string | null
          gender: string
          hair: string
          id: string
          kept: boolean
          name: string
          refunded_at: string | null
          request_id: string
          seed: number
          side_path: string | null
          skin: string
          status: string
          style: string
          updated_at: string
          user_id: string
        }
        Insert: {
          age_range: string
          back_path?: string | null
          body: string
          charge_id?: string | null
          created_at?: string
          credits_charged?: number
          details?: string
          error?: string | null
          front_path?: string | null
          gender: string
          hair: string
          id?: string
          kept?: boolean
          name: string
          refunded_at?: string | null
          request_id: string
          seed: number
          side_path?: string | null
          skin: string
          status?: string
          style: string
          updated_at?: string
          user_id: string
        }
        Update: {
          age_range?: string
          back_path?: string | null
          body?: string
          charge_id?: string | null
          created_at?: string
          credits_charged?: number
          details?: string
          error?: string | null
          front_path?: string | null
          gender?: string
          hair?: string
          id?: string
          kept?: boolean
          name?: string
          refunded_at?: string | null
          request_id?: string
          seed?: number
          side_path?: string | null
          skin?: string
          status?: string
          style?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "seller_models_charge_id_fkey"
            columns: ["charge_id"]
            isOneToOne: false
            referencedRelation: "credit_ledger"
            referencedColumns: ["id"]
          },
        ]
      }
      subscriptions: {
        Row: {
          cancel_at_period_end: boolean
          created_at: string
          credits_remaining: number
          credits_used: number
          current_period_end: string
          current_period_start: string
          low_credit_notified_at: string | null
          period_anchor: string
          plan: string
          plan_credits: number
          purchased_credits: number
          rollover_credits: number
          scheduled_plan: string | null
          status: string
          stripe_customer_id: string | null
          stripe_subscription_id: string | null
          updated_at: string
          user_id: string
        }
        Insert: {
          cancel_at_period_end?: boolean
          created_at?: string
          credits_remaining?: number
          credits_used?: number
          current_period_end?: string
          current_period_start?: string
          low_credit_notified_at?: string | null
          period_anchor?: string
          plan?: string
          plan_credits?: number
          purchased_credits?: number
          rollover_credits?: number
          scheduled_plan?: string | null
          status?: string
          stripe_customer_id?: string | null
          stripe_subscription_id?: string | null
          updated_at?: string
          user_id: string
        }
        Update: {
          cancel_at_period_end?: boolean
          created_at?: string
          credits_remaining?: number
          credits_used?: number
          current_period_end?: string
          current_period_start?: string
          low_credit_notified_at?: string | null
          period_anchor?: string
          plan?: string
          plan_credits?: number
          purchased_credits?: number
          rollover_credits?: number
          scheduled_plan?: string | null
          status?: string
          stripe_customer_id?: string | null
          stripe_subscription_id?: string | null
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "subscriptions_plan_fkey"
            columns: ["plan"]
            isOneToOne: false
            referencedRelation: "plans"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "subscriptions_scheduled_plan_fkey"
            columns: ["scheduled_plan"]
            isOneToOne: false
            referencedRelation: "plans"
            referencedColumns: ["id"]
          },
        ]
      }
      tool_jobs: {
        Row: {
          attempts: number
          charge_id: string | null
          completed_at: string | null
          created_at: string
          credits_charged: number
          error: string | null
          id: string
          input_path: string
          lease_expires_at: string | null
          next_attempt_at: string | null
          provider_job_id: string | null
          refunded_at: string | null
          request_id: string | null
          result_path: string | null
          status: string
          tool: string
          updated_at: string
          user_id: string
          worker: string | null
        }
        Insert: {
          attempts?: number
          charge_id?: string | null
          completed_at?: string | null
          created_at?: string
          credits_charged?: number
          error?: string | null
          id?: string
          input_path: string
          lease_expires_at?: string | null
          next_attempt_at?: string | null
          provider_job_id?: string | null
          refunded_at?: string | null
          request_id?: string | null
          result_path?: string | null
          status?: string
          tool: string
          updated_at?: string
          user_id: string
          worker?: string | null
        }
        Update: {
          attempts?: number
          charge_id?: string | null
          completed_at?: string | null
          created_at?: string
          credits_charged?: number
          error?: string | null
          id?: string
          input_path?: string
          lease_expires_at?: string | null
          next_attempt_at?: string | null
          provider_job_id?: string | null
          refunded_at?: string | null
          request_id?: string | null
          result_path?: string | null
          status?: string
          tool?: string
          updated_at?: string
          user_id?: string
          worker?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "tool_jobs_charge_id_fkey"
            columns: ["charge_id"]
            isOneToOne: false
            referencedRelation: "credit_ledger"
            referencedColumns: ["id"]
          },
        ]
      }
      uploaded_files: {
        Row: {
          created_at: string
          file_name: string
          file_path: string
          file_size: number | null
          id: string
          mime_type: string | null
          public_url: string | null
          user_id: string
        }
        Insert: {
          created_at?: string
          file_name: string
          file_path: string
          file_size?: number | null
          id?: string
          mime_type?: string | null
          public_url?: string | null
          user_id?: string
        }
        Update: {
          created_at?: string
          file_name?: string
          file_path?: string
          file_size?: number | null
          id?: string
          mime_type?: string | null
          public_url?: string | null
          user_id?: string
        }
        Relationships: []
      }
      video_styles: {
        Row: {
          id: string
          name_el: string
          name_en: string
          preview_image_path: string
          preview_video_path: string
          prompt: string
          sort_order: number
        }
        Insert: {
          id: string
          name_el: string
          name_en: string
          preview_image_path: string
          preview_video_path: string
          prompt: string
          sort_order: number
        }
        Update: {
          id?: string
          name_el?: string
          name_en?: string
          preview_image_path?: string
          preview_video_path?: string
          prompt?: string
          sort_order?: number
        }
        Relationships: []
      }
      webhook_logs: {
        Row: {
          created_at: string
          customer_id: string | null
          event_type: string
          id: string
          price_id: string | null
          raw_data: Json
          subscription_id: string | null
          user_id: string | null
        }
        Insert: {
          created_at?: string
          customer_id?: string | null
          event_type: string
          id?: string
          price_id?: string | null
          raw_data?: Json
          subscription_id?: string | null
          user_id?: string | null
        }
        Update: {
          created_at?: string
          customer_id?: string | null
          event_type?: string
          id?: string
          price_id?: string | null
          raw_data?: Json
          subscription_id?: string | null
          user_id?: string | null
        }
        Relationships: []
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      activate_plan: {
        Args: {
          period_end: string
          period_start: string
          plan: string
          stripe_customer_id?: string
          stripe_subscription_id?: string
          user_id: string
        }
        Returns: Json
      }
      apply_payment_event: {
        Args: {
          action: Json
          event_id: string
          event_type: string
          payload?: Json
        }
        Returns: Json
      }
      archive_project: {
        Args: {
          project_id: string
        }
        Returns: Json
      }
      attach_credit_quote_session: {
        Args: {
          quote_id: string
          session_id: string
        }
        Returns: undefined
      }
      begin_provider_callback: {
        Args: {
          attempt: number
          body?: Json
          job_id: string
          kind: string
          lease_seconds?: number
        }
        Returns: Json
      }
      can_request_project_fix: {
        Args: {
          project_id: string
        }
        Returns: Json
      }
      charge_credits: {
        Args: {
          amount: number
          details?: Json
          reason: string
          reference?: string
          user_id: string
        }
        Returns: Json
      }
      charge_tool_use: {
        Args: {
          details?: string
          metadata?: Json
          tool: string
        }
        Returns: Json
      }
      check_email_exists: {
        Args: {
          email: string
        }
        Returns: Json
      }
      check_phone_exists: {
        Args: {
          phone_number: string
        }
        Returns: Json
      }
      claim_dispatch_work: {
        Args: {
          lease_seconds?: number
          max_attempts?: number
          max_jobs?: number
          max_polls?: number
          poll_lease_seconds?: number
          worker: string
        }
        Returns: Json
      }
      claim_generation_jobs: {
        Args: {
          lease_seconds?: number
          max_attempts?: number
          max_jobs?: number
          worker: string
        }
        Returns: Json
      }
      claim_outbound_notices: {
        Args: {
          lease_seconds?: number
          max_notices?: number
        }
        Returns: Json
      }
      claim_push_deliveries: {
        Args: {
          lease_seconds?: number
          max_pushes?: number
        }
        Returns: Json
      }
      claim_storage_cleanup: {
        Args: {
          lease_seconds?: number
          max_items?: number
          only_user?: string
        }
        Returns: Json
      }
      claim_stripe_reconciliation: {
        Args: {
          grace_seconds?: number
          lease_seconds?: number
          max_rows?: number
          only_subscription?: string
          p_now?: string
        }
        Returns: Json
      }
      claim_watermark_work: {
        Args: {
          lease_seconds?: number
          max_attempts?: number
          max_jobs?: number
          worker: string
        }
        Returns: Json
      }
      complete_fix: {
        Args: {
          fix_id: string
          note?: string
          result_path?: string
          status: string
          watermarked_path?: string
        }
        Returns: Json
      }
      create_seller_model: {
        Args: {
          age_range: string
          body: string
          details?: string
          gender: string
          hair: string
          locale?: string
          name?: string
          request_id: string
          skin: string
          style: string
        }
        Returns: Json
      }
      credit_pack_quote: {
        Args: {
          credits: number
          plan?: string
        }
        Returns: Json
      }
      delete_project: {
        Args: {
          project_id: string
        }
        Returns: Json
      }
      delete_seller_model: {
        Args: {
          model_id: string
        }
        Returns: Json
      }
      deploy_health: {
        Args: never
        Returns: Json
      }
      finish_engine_job: {
        Args: {
          attempt: number
          error?: string
          height?: number
          job_id: string
          kind: string
          result_path?: string
          result_url?: string
          status: string
          watermarked_path?: string
          width?: number
        }
        Returns: Json
      }
      finish_storage_cleanup: {
        Args: {
          failed?: Json
          removed: number[]
        }
        Returns: number
      }
      finish_stripe_reconciliation: {
        Args: {
          details?: Json
          events?: Json
          outcome: string
          period_end: string
          reason?: string
          retry_after_seconds?: number
          subscription_id: string
          user_id: string
        }
        Returns: Json
      }
      finish_watermark_work: {
        Args: {
          attempt: number
          error?: string
          image_id: string
          max_attempts?: number
          retry_seconds?: number
          watermarked_path?: string
          watermarked_url?: string
        }
        Returns: string
      }
      get_checkout_result: {
        Args: {
          session_id: string
        }
        Returns: Json
      }
      get_project_stats: {
        Args: never
        Returns: Json
      }
      get_recent_activity: {
        Args: never
        Returns: Json
      }
      grant_purchased_credits: {
        Args: {
          amount_cents?: number
          credits: number
          currency?: string
          reference: string
          user_id: string
        }
        Returns: Json
      }
      keep_seller_model: {
        Args: {
          model_id: string
          name?: string
        }
        Returns: Json
      }
      mark_all_notifications_read: {
        Args: never
        Returns: number
      }
      mark_notification_read: {
        Args: {
          notification_id: string
        }
        Returns: boolean
      }
      mark_payment_event_processed: {
        Args: {
          event_id: string
        }
        Returns: undefined
      }
      operator_ai_fix_begin: {
        Args: {
          fix_id: string
          prompt: string
          provider: string
        }
        Returns: Json
      }
      operator_ai_fix_claim_send: {
        Args: {
          attempt_id: string
        }
        Returns: Json
      }
      operator_ai_fix_discard: {
        Args: {
          attempt_id: string
        }
        Returns: Json
      }
      operator_ai_fix_finish: {
        Args: {
          attempt_id: string
          error?: string
          error_code?: string
          ok: boolean
        }
        Returns: Json
      }
      operator_ai_fix_settle_send: {
        Args: {
          attempt_id: string
          sent: boolean
        }
        Returns: Json
      }
      operator_ai_fix_state: {
        Args: {
          fix_id: string
        }
        Returns: Json
      }
      operator_ai_fix_submitted: {
        Args: {
          attempt_id: string
          prediction_id: string
        }
        Returns: Json
      }
      operator_ai_fix_target: {
        Args: {
          fix_id: string
        }
        Returns: Json
      }
      operator_answer_fix: {
        Args: {
          fix_id: string
          note?: string
          result_path: string
          watermarked_path: string
        }
        Returns: Json
      }
      operator_deploy_health: {
        Args: never
        Returns: Json
      }
      operator_find_seller: {
        Args: {
          query: string
        }
        Returns: Json
      }
      operator_fix_queue: {
        Args: never
        Returns: Json
      }
      operator_fix_target: {
        Args: {
          fix_id: string
        }
        Returns: Json
      }
      operator_grant_credits: {
        Args: {
          amount: number
          reason: string
          request_id: string
          seller_id: string
        }
        Returns: Json
      }
      operator_inbox: {
        Args: {
          include_handled?: boolean
          kind?: string
        }
        Returns: Json
      }
      operator_mark_handled: {
        Args: {
          handled: boolean
          notice_id: string
        }
        Returns: Json
      }
      operator_refund_batch: {
        Args: {
          batch_id: string
          reason: string
          request_id: string
        }
        Returns: Json
      }
      operator_refund_image: {
        Args: {
          image_id: string
          reason: string
          request_id: string
        }
        Returns: Json
      }
      operator_reject_fix: {
        Args: {
          fix_id: string
          note: string
        }
        Returns: Json
      }
      operator_retry_image: {
        Args: {
          image_id: string
          reason: string
          request_id: string
        }
        Returns: Json
      }
      operator_retry_video: {
        Args: {
          project_id: string
          reason: string
          request_id: string
        }
        Returns: Json
      }
      operator_seller_overview: {
        Args: {
          ledger_before?: string
          ledger_limit?: number
          seller_id: string
        }
        Returns: Json
      }
      operator_start_fix: {
        Args: {
          fix_id: string
        }
        Returns: Json
      }
      operator_work_overview: {
        Args: never
        Returns: Json
      }
      quote_batch: {
        Args: {
          item_count: number
          project_type: string
        }
        Returns: Json
      }
      quote_credit_pack: {
        Args: {
          credits: number
          request_id: string
          user_id: string
        }
        Returns: Json
      }
      quote_generation: {
        Args: {
          locale?: string
          pose_count?: number
          product_count?: number
          project_type: string
        }
        Returns: Json
      }
      record_checkout_started: {
        Args: {
          details: Json
          kind: string
          session_id: string
          user_id: string
        }
        Returns: string
      }
      record_payment_event: {
        Args: {
          event_id: string
          event_type: string
          payload?: Json
          user_id?: string
        }
        Returns: boolean
      }
      record_provider_job: {
        Args: {
          attempt: number
          deadline_seconds: number
          handle: string
          hold_seconds?: number
          job_id: string
          kind: string
          poll_seconds: number
        }
        Returns: Json
      }
      record_provider_progress: {
        Args: {
          attempt: number
          handle: string
          hold_seconds?: number
          job_id: string
          kind: string
          poll_seconds?: number
        }
        Returns: Json
      }
      refund_charge: {
        Args: {
          charge_id: string
          note?: string
        }
        Returns: Json
      }
      rename_project: {
        Args: {
          name: string
          project_id: string
        }
        Returns: Json
      }
      rename_seller_model: {
        Args: {
          model_id: string
          name: string
        }
        Returns: Json
      }
      renew_due_subscriptions: {
        Args: {
          only_user?: string
          p_now?: string
        }
        Returns: Json
      }
      report_image_outcome: {
        Args: {
          error?: string
          generated_path?: string
          generated_url?: string
          image_id: string
          provider_job_id?: string
          status: string
          watermarked_path?: string
        }
        Returns: Json
      }
      report_outbound_notice: {
        Args: {
          delivered: boolean
          error?: string
          notice_id: string
        }
        Returns: Json
      }
      report_push_delivery: {
        Args: {
          delivery_id: string
          error?: string
          outcome: string
        }
        Returns: string
      }
      report_video_outcome: {
        Args: {
          error?: string
          project_id: string
          status: string
          video_path?: string
          video_url?: string
        }
        Returns: Json
      }
      request_project_fix: {
        Args: {
          annotated_image?: string
          description: string
          image_id?: string
          project_id: string
          request_id?: string
        }
        Returns: Json
      }
      request_project_video: {
        Args: {
          custom_description?: string
          project_id: string
          request_id?: string
          video_style: string
        }
        Returns: Json
      }
      retry_engine_job: {
        Args: {
          attempt: number
          delay_seconds: number
          error: string
          job_id: string
          kind: string
          max_attempts?: number
        }
        Returns: string
      }
      run_scheduled_jobs: {
        Args: {
          p_now?: string
        }
        Returns: Json
      }
      save_push_subscription: {
        Args: {
          auth: string
          device_label?: string
          endpoint: string
          language?: string
          p256dh: string
        }
        Returns: string
      }
      schedule_plan_change: {
        Args: {
          plan: string
          user_id: string
        }
        Returns: Json
      }
      set_subscription_cancellation: {
        Args: {
          cancel: boolean
          user_id: string
        }
        Returns: Json
      }
      start_background_removal: {
        Args: {
          input_path: string
          request_id?: string
        }
        Returns: Json
      }
      start_batch: {
        Args: {
          background_blurred?: boolean
          background_id?: number
          batch_name?: string
          custom_background?: string
          custom_model?: string
          items: Json
          locale?: string
          model_id?: number
          pose_id: number
          project_type: string
          request_id: string
          seller_model_id?: string
        }
        Returns: Json
      }
      start_generation: {
        Args: {
          background_blurred?: boolean
          background_id?: number
          custom_background?: string
          custom_model?: string
          garment_types?: string[]
          locale?: string
          model_id?: number
          pose_ids: number[]
          product_paths: string[]
          project_name?: string
          project_type: string
          request_id?: string
          seller_model_id?: string
        }
        Returns: Json
      }
      submit_contact_request: {
        Args: {
          details: string
          email: string
          full_name: string
        }
        Returns: string
      }
      submit_feedback: {
        Args: {
          feedback: string
        }
        Returns: string
      }
      submit_sales_request: {
        Args: {
          company_name: string
          credit_amount?: number
          email: string
          full_name: string
          message?: string
          phone?: string
        }
        Returns: string
      }
      unarchive_project: {
        Args: {
          project_id: string
        }
        Returns: Json
      }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] & DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {},
  },
} as const
